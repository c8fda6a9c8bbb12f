/// Why bytes were refused as HTTP/1.1 (RFC 9112), each case mapping to the
/// status a server answers with.
public enum HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// RFC 9112 §3: a request or status line longer than ``HTTPLimits/maxStartLineBytes``. → 414
    case startLineTooLong(limit: Int)
    /// RFC 6585 §5: a header (or trailer) section larger than ``HTTPLimits/maxHeaderBytes``. → 431
    case headerSectionTooLarge(limit: Int)
    /// RFC 6585 §5: more than ``HTTPLimits/maxHeaderCount`` header fields. → 431
    case tooManyHeaderFields(limit: Int)
    /// RFC 9110 §15.5.14: a body longer than ``HTTPLimits/maxBodyBytes``. → 413
    case bodyTooLarge(limit: Int)
    /// RFC 9112 §2.2: a start line ended by a bare LF instead of CRLF. → 400
    case startLineWithoutCRLF(String)
    /// RFC 9112 §3: a request line that is not `method SP request-target SP HTTP-version`. → 400
    case malformedRequestLine(String)
    /// RFC 9112 §3.1, RFC 9110 §9.1: a method that is not a token. → 400
    case invalidMethod(String)
    /// RFC 9112 §3.2: a request target with a byte outside visible ASCII. → 400
    case invalidRequestTarget(String)
    /// RFC 9112 §2.3: an HTTP-version that is not `HTTP/` DIGIT `.` DIGIT. → 400
    case malformedVersion(String)
    /// RFC 9112 §4: a status line that is not `HTTP-version SP 3DIGIT SP [ reason-phrase ]`. → 400
    case malformedStatusLine(String)
    /// RFC 9112 §2.2: a field line ended by a bare LF instead of CRLF. → 400
    case fieldLineWithoutCRLF(String)
    /// RFC 9112 §5: a field line without a colon, or with nothing before it. → 400
    case fieldLineWithoutName(String)
    /// RFC 9110 §5.1: a field name that is not a token. → 400
    case invalidFieldName(String)
    /// RFC 9110 §5.5: a field value holding CR, LF, NUL or another control byte. → 400
    case invalidFieldValue(String)
    /// RFC 9112 §5.1: whitespace between a field name and its colon. → 400
    case whitespaceBeforeColon(String)
    /// RFC 9112 §5.2: a field line continued by obs-fold. → 400
    case obsoleteLineFolding
    /// RFC 9110 §8.6: Content-Length that is not 1*DIGIT (or over 18 digits). → 400
    case invalidContentLength(String)
    /// RFC 9112 §6.3: more than one Content-Length field, equal or not. → 400
    case multipleContentLength
    /// RFC 9112 §6.1: Content-Length together with Transfer-Encoding. → 400
    case contentLengthWithTransferEncoding
    /// RFC 9112 §6.1: Transfer-Encoding in an HTTP/1.0 message. → 400
    case transferEncodingInHTTP10
    /// RFC 9112 §6.3: chunked present but not the final transfer coding. → 400
    case chunkedNotFinal(String)
    /// RFC 9112 §6.1: a transfer coding other than chunked. → 501
    case unsupportedTransferCoding(String)
    /// RFC 9112 §3.2: an HTTP/1.1 request without Host. → 400
    case missingHost
    /// RFC 9112 §3.2: more than one Host field. → 400
    case multipleHost
    /// RFC 9112 §7.1: a chunk-size line (size and extensions) longer than
    /// ``HTTPLimits/maxChunkLineBytes``. → 400
    case chunkLineTooLong(limit: Int)
    /// RFC 9112 §7.1: a chunk-size line ended by a bare LF instead of CRLF. → 400
    case chunkLineWithoutCRLF
    /// RFC 9112 §7.1: chunk-size is not 1*HEXDIG followed by the end of the line or `[BWS] ";"`
    /// (empty, a sign, `0x`, leading whitespace, a non-hex digit). → 400
    case chunkSizeNotHex
    /// RFC 9112 §7.1: chunk-size of more than 15 hex digits (it could overflow), leading zeros
    /// included. → 400
    case chunkSizeTooLong
    /// RFC 9112 §7.1.1: a chunk extension holding a byte no field value may hold (a control byte). → 400
    case malformedChunkExtension
    /// RFC 9112 §7.1: chunk-data not followed by CRLF. → 400
    case missingCRLFAfterChunkData
    /// RFC 9112 §7.1.2: a trailer line ended by a bare LF instead of CRLF. → 400
    case trailerLineWithoutCRLF
    /// RFC 9112 §7.1.2: a trailer line that is not `field-name ":" field-value`. → 400
    case malformedTrailerField
    /// RFC 9110 §15.6.6: an HTTP major version other than 1. → 505
    case unsupportedVersion(String)
    /// RFC 9112 §8: the connection ended in the middle of a message. → 400 (client: the call fails)
    case truncated

    /// The status a server sends for this error (RFC 9112 / RFC 9110).
    package var status: HTTPStatus {
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
        case .startLineWithoutCRLF(let line): "start line not ended by CRLF: \(line)"
        case .malformedRequestLine(let line): "malformed request line: \(line)"
        case .invalidMethod(let method): "method is not a token: \(method)"
        case .invalidRequestTarget(let target): "request target with a byte outside visible ASCII: \(target)"
        case .malformedVersion(let version): "malformed HTTP version: \(version)"
        case .malformedStatusLine(let line): "malformed status line: \(line)"
        case .fieldLineWithoutCRLF(let line): "header line not ended by CRLF: \(line)"
        case .fieldLineWithoutName(let line): "header line without a field name and colon: \(line)"
        case .invalidFieldName(let name): "header name is not a token: \(name)"
        case .invalidFieldValue(let line): "header value with a control byte: \(line)"
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
        case .chunkLineTooLong(let limit): "chunk-size line longer than \(limit) bytes"
        case .chunkLineWithoutCRLF: "chunk-size line not ended by CRLF"
        case .chunkSizeNotHex: "chunk size is not hexadecimal"
        case .chunkSizeTooLong: "chunk size of more than 15 hex digits"
        case .malformedChunkExtension: "malformed chunk extension"
        case .missingCRLFAfterChunkData: "chunk data not followed by CRLF"
        case .trailerLineWithoutCRLF: "trailer line not ended by CRLF"
        case .malformedTrailerField: "malformed trailer field"
        case .unsupportedVersion(let version): "unsupported HTTP version \(version)"
        case .truncated: "connection closed in the middle of a message"
        }
    }
}
