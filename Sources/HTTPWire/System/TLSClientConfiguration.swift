/// How a client connection speaks TLS (https://, wss://): the name it expects on the
/// server's certificate and which certificate authorities it trusts.
///
/// ```swift
/// // The system's CAs, the certificate checked against the host connected to:
/// let connection = try HTTPClientConnection(host: "api.example.com", port: 443, tls: TLSClientConfiguration())
///
/// // A private CA as well (`--cacert ca.pem`), a certificate issued for `localhost`:
/// let tls = TLSClientConfiguration(serverName: "localhost", trust: .systemPlus(caFile: "ca.pem"))
/// ```
/// TLS 1.2 is the minimum version. On Linux the system's libssl is loaded at run time
/// (`isAvailable` says whether that worked); on Apple platforms client TLS is not yet
/// implemented and connecting throws `TLSError.unavailable`.
public struct TLSClientConfiguration: Sendable, Hashable {
    /// Which certificates a server may present.
    public enum Trust: Sendable, Hashable {
        /// Certificates issued by an authority in the system's trust store.
        case system
        /// The system's trust store plus the PEM certificate authorities in `caFile` (`--cacert FILE`).
        case systemPlus(caFile: String)
        /// Any certificate, unverified: no authority, date or name check. Encrypts but does not
        /// authenticate; callers should print a warning.
        case insecure
    }

    /// The name sent as SNI and checked against the certificate (a DNS name or an IP
    /// literal); `nil` means the host connected to.
    package var serverName: String?
    /// Which certificates are accepted.
    package var trust: Trust

    /// A configuration expecting `serverName` (default: the host connected to), trusting `trust`.
    package init(serverName: String? = nil, trust: Trust = .system) {
        self.serverName = serverName
        self.trust = trust
    }

    /// Whether TLS can be used on this machine (on Linux: whether libssl could be loaded).
    package static var isAvailable: Bool { (try? checkAvailability()) != nil }

    /// Throws `TLSError.unavailable`, saying what was tried, when TLS cannot be used here.
    package static func checkAvailability() throws(TLSError) {
        try PlatformTLS.checkAvailability()
    }
}
