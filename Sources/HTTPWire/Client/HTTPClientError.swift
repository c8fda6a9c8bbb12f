/// Why a client request failed.
public enum HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Connecting, reading or writing failed (refused, reset, timed out…).
    case socket(SocketError)
    /// The server's bytes were not valid HTTP/1.1.
    case parse(HTTPParseError)
    /// The request could not be written (e.g. CR/LF in a header value).
    case encode(HTTPEncodeError)
    /// The server closed the connection before a complete response.
    case closedBeforeResponse
    /// TLS failed: no TLS library, a refused handshake or certificate, a broken encrypted stream.
    case tls(TLSError)

    public var description: String {
        switch self {
        case .socket(let error): "\(error)"
        case .parse(let error): "invalid response: \(error)"
        case .encode(let error): "invalid request: \(error)"
        case .closedBeforeResponse: "the server closed the connection before responding"
        case .tls(let error): "\(error)"
        }
    }
}

extension HTTPClientError {
    /// The error for a failed socket call: TLS failures as `.tls`, the rest as `.socket`.
    init(_ error: SocketError) {
        if case .tls(let tls) = error.kind {
            self = .tls(tls)
        } else {
            self = .socket(error)
        }
    }

    /// The client's event loop could not be started, or is stopping.
    static let noEventLoop = HTTPClientError.socket(SocketError(kind: .other, operation: "run the client's event loop"))
}
