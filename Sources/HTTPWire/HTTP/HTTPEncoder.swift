/// Writes request and response heads and chunked framing (RFC 9112).
///
/// Header names must be tokens and values must not contain CR, LF, NUL or
/// other controls: such a header is refused with `HTTPEncodeError`, never
/// written (a replayed fixture is untrusted input; a CR/LF would split the header).
package enum HTTPEncoder {
    /// The status line and header fields, ending with the empty line.
    package static func responseHead(status: HTTPStatus, version: HTTPVersion = .http1_1,
                                    headers: HTTPHeaders) throws(HTTPEncodeError) -> [UInt8] {
        guard status.code >= 100, status.code <= 999 else { throw .invalidStatus(status.code) }
        guard status.reasonPhrase.utf8.allSatisfy(HTTPSyntax.isFieldValueByte) else {
            throw .invalidReasonPhrase(status.reasonPhrase)
        }
        return try head("\(version) \(status.code) \(status.reasonPhrase)\r\n", headers)
    }

    /// The request line and header fields, ending with the empty line.
    package static func requestHead(_ request: HTTPRequest) throws(HTTPEncodeError) -> [UInt8] {
        guard HTTPSyntax.isValidFieldName(request.method.rawValue) else { throw .invalidMethod(request.method.rawValue) }
        guard !request.target.isEmpty, request.target.utf8.allSatisfy(HTTPSyntax.isTargetByte) else {
            throw .invalidTarget(request.target)
        }
        return try head("\(request.method) \(request.target) \(request.version)\r\n", request.headers)
    }

    /// One chunk (RFC 9112 §7.1); empty input yields nothing (an empty chunk would end the body).
    package static func chunk<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        guard !bytes.isEmpty else { return [] }
        return Array("\(String(bytes.count, radix: 16))\r\n".utf8) + bytes + [0x0D, 0x0A]
    }

    /// The last chunk with an empty trailer section.
    package static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

    /// `startLine` (its CRLF included), the header fields, and the empty line that ends the head.
    private static func head(_ startLine: String, _ headers: HTTPHeaders) throws(HTTPEncodeError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(128 + headers.count * 32)
        output.append(contentsOf: startLine.utf8)
        for field in headers {
            guard HTTPSyntax.isValidFieldName(field.name) else { throw .invalidHeaderName(field.name) }
            // No CR, LF or NUL: they would split the header.
            guard field.value.utf8.allSatisfy(HTTPSyntax.isFieldValueByte) else { throw .invalidHeaderValue(name: field.name) }
            output.append(contentsOf: field.name.utf8)
            output.append(contentsOf: [UInt8(ascii: ":"), 0x20])
            output.append(contentsOf: field.value.utf8)
            output.append(contentsOf: [0x0D, 0x0A])
        }
        output.append(contentsOf: [0x0D, 0x0A])
        return output
    }
}

/// Why a message could not be written.
public enum HTTPEncodeError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidHeaderName(String)
    /// The value holds CR, LF, NUL or another control character (the value is not echoed).
    case invalidHeaderValue(name: String)
    case invalidMethod(String)
    case invalidTarget(String)
    case invalidStatus(Int)
    case invalidReasonPhrase(String)

    public var description: String {
        switch self {
        case .invalidHeaderName(let name): "header name \"\(name)\" is not a token"
        case .invalidHeaderValue(let name): "header \"\(name)\" has a control character (CR, LF or NUL) in its value"
        case .invalidMethod(let method): "method \"\(method)\" is not a token"
        case .invalidTarget(let target): "request target \"\(target)\" has spaces, controls or non-ASCII bytes"
        case .invalidStatus(let code): "status \(code) is not three digits"
        case .invalidReasonPhrase: "reason phrase has a control character"
        }
    }
}
