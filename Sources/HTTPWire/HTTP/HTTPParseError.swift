/// Why bytes were refused as HTTP/1.1 (RFC 9112), each case mapping to the
/// status a server answers with.
public enum HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    case startLineTooLong(limit: Int)
    case headerSectionTooLarge(limit: Int)
    case tooManyHeaderFields(limit: Int)
    case bodyTooLarge(limit: Int)
    case malformedStartLine(String)
    case malformedHeaderLine(String)
    case whitespaceBeforeColon(String)
    case obsoleteLineFolding
    case invalidContentLength(String)
    case multipleContentLength
    case contentLengthWithTransferEncoding
    case transferEncodingInHTTP10
    case chunkedNotFinal(String)
    case unsupportedTransferCoding(String)
    case missingHost
    case multipleHost
    case invalidChunk(String)
    case unsupportedVersion(String)
    case truncated

    /// The status a server sends for this error (RFC 9112 / RFC 9110).
    public var status: HTTPStatus {
        switch self {
        case .startLineTooLong: .uriTooLong
        case .headerSectionTooLarge, .tooManyHeaderFields: .requestHeaderFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .unsupportedTransferCoding: .notImplemented
        case .unsupportedVersion: .httpVersionNotSupported
        default: .badRequest
        }
    }

    public var description: String {
        switch self {
        case .startLineTooLong(let limit): "request line longer than \(limit) bytes"
        case .headerSectionTooLarge(let limit): "header section larger than \(limit) bytes"
        case .tooManyHeaderFields(let limit): "more than \(limit) header fields"
        case .bodyTooLarge(let limit): "body larger than \(limit) bytes"
        case .malformedStartLine(let line): "malformed start line: \(line)"
        case .malformedHeaderLine(let line): "malformed header line: \(line)"
        case .whitespaceBeforeColon(let name): "whitespace between header name \"\(name)\" and colon"
        case .obsoleteLineFolding: "obsolete line folding in header section"
        case .invalidContentLength(let value): "invalid Content-Length \"\(value)\""
        case .multipleContentLength: "more than one Content-Length"
        case .contentLengthWithTransferEncoding: "both Content-Length and Transfer-Encoding"
        case .transferEncodingInHTTP10: "Transfer-Encoding in an HTTP/1.0 message"
        case .chunkedNotFinal(let value): "chunked is not the final transfer coding in \"\(value)\""
        case .unsupportedTransferCoding(let value): "unsupported transfer coding \"\(value)\""
        case .missingHost: "HTTP/1.1 request without Host"
        case .multipleHost: "more than one Host"
        case .invalidChunk(let why): "invalid chunked body: \(why)"
        case .unsupportedVersion(let version): "unsupported HTTP version \(version)"
        case .truncated: "connection closed in the middle of a message"
        }
    }
}
