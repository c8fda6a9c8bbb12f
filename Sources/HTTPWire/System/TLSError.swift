/// Why a TLS connection could not be made or kept, one case per rule, each with the server
/// it concerns and a `description` written for the person reading a CI log.
///
/// ```swift
/// do {
///     _ = try HTTPClientConnection(host: "127.0.0.1", port: 8443, tls: TLSClientConfiguration(serverName: "localhost"))
/// } catch .tls(let error) {
///     print(error)   // TLS: the certificate of 127.0.0.1:8443 is for other.test, not localhost (hostname mismatch)
/// }
/// ```
public enum TLSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No TLS library could be used on this machine; says what was tried and why it failed.
    case unavailable(String)
    /// The extra CA file (`--cacert FILE`) could not be read as PEM certificates.
    case caFileUnreadable(path: String, reason: String)
    /// The handshake with `server` (`host:port`) failed for a reason other than its certificate,
    /// e.g. the server does not speak TLS, or no protocol version or cipher is shared.
    case handshakeFailed(server: String, reason: String)
    /// The certificate of `server` (`host:port`) was not accepted for `serverName`.
    case certificateRejected(server: String, serverName: String, problem: TLSCertificateProblem)
    /// The encrypted stream with `server` broke after the handshake (a bad record, a fatal alert).
    case connectionFailed(server: String, reason: String)

    public var description: String {
        switch self {
        case .unavailable(let reason):
            "TLS is unavailable: \(reason)"
        case .caFileUnreadable(let path, let reason):
            "TLS: cannot use the CA file \(path): \(reason) (--cacert needs a readable file of PEM certificates)"
        case .handshakeFailed(let server, let reason):
            "TLS: the handshake with \(server) failed: \(reason)"
        case .certificateRejected(let server, let serverName, let problem):
            problem.sentence(server: server, serverName: serverName)
        case .connectionFailed(let server, let reason):
            "TLS: the encrypted connection with \(server) failed: \(reason)"
        }
    }
}

/// Why a server's certificate was rejected, classified from the verifier's result.
public enum TLSCertificateProblem: Sendable, Equatable {
    /// The certificate names other hosts (or IP addresses) than the one asked for; the names it
    /// carries, when they could be read.
    case hostnameMismatch(certificateNames: [String])
    /// The certificate's validity ended; its `notAfter`, when known (`2020-01-02 00:00:00 UTC`).
    case expired(notAfter: String?)
    /// The certificate's validity has not started; its `notBefore`, when known.
    case notYetValid(notBefore: String?)
    /// No trusted certificate authority vouches for the certificate; `selfSigned` when the
    /// server's own certificate signs itself.
    case unknownAuthority(selfSigned: Bool)
    /// Any other verification failure: the verifier's code and its text.
    case other(code: Int, reason: String)

    /// The whole sentence for `server` asked for as `serverName`.
    func sentence(server: String, serverName: String) -> String {
        let subject = "TLS: the certificate of \(server)"
        switch self {
        case .hostnameMismatch(let names):
            let named = names.isEmpty ? "is not" : "is for \(names.joined(separator: ", ")), not"
            return "\(subject) \(named) \(serverName) (hostname mismatch)"
        case .expired(let notAfter):
            return "\(subject) is not valid: certificate has expired" + (notAfter.map { " (on \($0))" } ?? "")
        case .notYetValid(let notBefore):
            return "\(subject) is not valid: certificate is not yet valid" + (notBefore.map { " (from \($0))" } ?? "")
        case .unknownAuthority(let selfSigned):
            let why = selfSigned ? "it is self-signed" : "unknown certificate authority"
            return "\(subject) is not trusted: \(why) (use --cacert FILE to add your CA)"
        case .other(let code, let reason):
            return "\(subject) was rejected: \(reason) (verify error \(code))"
        }
    }
}
