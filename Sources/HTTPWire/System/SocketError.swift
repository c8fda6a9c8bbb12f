/// A failure at the socket layer, with the call that failed and the system's reason.
public struct SocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it was, for callers that react differently to each.
    public enum Kind: Sendable, Equatable {
        /// The peer refused the connection (nothing listening).
        case connectionRefused
        /// The peer reset the connection.
        case connectionReset
        /// A send or receive timeout elapsed.
        case timedOut
        /// Writing to a connection the peer has closed.
        case brokenPipe
        /// The host name did not resolve.
        case unresolvable
        /// The socket was already closed locally.
        case closed
        /// TLS failed: the library is missing, the handshake or the certificate was refused,
        /// or the encrypted stream broke.
        case tls(TLSError)
        /// Anything else; see `code`.
        case other
    }

    /// What kind of failure it was.
    public var kind: Kind
    /// The call that failed, e.g. `connect 127.0.0.1:8080`.
    public var operation: String
    /// The errno value, when there was one.
    public var code: Int32?

    /// An error of `kind` from `operation`, with the errno `code` when there was one.
    package init(kind: Kind, operation: String, code: Int32? = nil) {
        self.kind = kind
        self.operation = operation
        self.code = code
    }

    /// Builds the error for the current `errno`.
    static func fromErrno(_ operation: String) -> SocketError { from(code: Platform.errno, operation) }

    /// Builds the error for errno value `code`.
    static func from(code: Int32, _ operation: String) -> SocketError {
        let kind: Kind = switch code {
        case Platform.connectionRefused: .connectionRefused
        case Platform.connectionReset: .connectionReset
        case Platform.wouldBlock, Platform.wouldBlockAlternative, Platform.timedOut: .timedOut
        case Platform.brokenPipe: .brokenPipe
        default: .other
        }
        return SocketError(kind: kind, operation: operation, code: code)
    }

    public var description: String {
        if case .tls(let error) = kind { return "\(error)" }
        if let code { return "\(operation): \(Platform.errorDescription(code))" }
        return "\(operation): \(kind)"
    }
}
