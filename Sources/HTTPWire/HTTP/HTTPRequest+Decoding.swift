extension HTTPRequest: HTTPDecodableMessage {
    /// A server skips empty lines before a request line (RFC 9112 §2.2).
    package static let skipsLeadingEmptyLines = true

    /// request-line = method SP request-target SP HTTP-version (RFC 9112 §3).
    package init(startLine line: ArraySlice<UInt8>, headers: HTTPHeaders) throws(HTTPParseError) {
        let text = HTTPHeadParser.text(line)
        guard let firstSpace = line.firstIndex(of: 0x20),
              let secondSpace = line[(firstSpace + 1)...].firstIndex(of: 0x20)
        else { throw .malformedRequestLine(text) }
        let method = line[line.startIndex..<firstSpace]
        let target = line[(firstSpace + 1)..<secondSpace]
        guard !method.isEmpty, method.allSatisfy(HTTPSyntax.isTokenByte) else {
            throw .invalidMethod(HTTPHeadParser.text(method))
        }
        // An empty target means two spaces in a row: the line's shape is wrong, not the target.
        guard !target.isEmpty else { throw .malformedRequestLine(text) }
        guard target.allSatisfy(HTTPSyntax.isTargetByte) else { throw .invalidRequestTarget(HTTPHeadParser.text(target)) }
        let version = try HTTPVersion(parsing: line[(secondSpace + 1)...])
        self.init(method: HTTPMethod(rawValue: HTTPHeadParser.text(method)), target: HTTPHeadParser.text(target),
                  version: version, headers: headers)
        // RFC 9112 §3.2: an HTTP/1.1 request needs exactly one Host.
        let hosts = headers.values(for: "Host").count
        if hosts > 1 { throw .multipleHost }
        if hosts == 0, version == .http1_1 { throw .missingHost }
    }

    /// Content-Length or chunked; neither means no body. An HTTP/1.0 request may not be chunked.
    package func bodyFraming(answering _: HTTPMethod, limits: HTTPLimits) throws(HTTPParseError) -> BodyFraming? {
        try BodyFraming.of(headers, limits: limits, refusingTransferEncoding: version == .http1_0, undelimited: .length(remaining: 0))
    }
}

extension HTTPVersion {
    /// HTTP-version = "HTTP/" DIGIT "." DIGIT. 1.x is answered as 1.1; other majors get 505.
    init(parsing bytes: ArraySlice<UInt8>) throws(HTTPParseError) {
        let prefix: [UInt8] = Array("HTTP/".utf8)
        guard bytes.count == 8, bytes.starts(with: prefix) else { throw .malformedVersion(HTTPHeadParser.text(bytes)) }
        let major = bytes[bytes.startIndex + 5], dot = bytes[bytes.startIndex + 6], minor = bytes[bytes.startIndex + 7]
        guard (0x30...0x39).contains(major), dot == UInt8(ascii: "."), (0x30...0x39).contains(minor) else {
            throw .malformedVersion(HTTPHeadParser.text(bytes))
        }
        guard major == UInt8(ascii: "1") else { throw .unsupportedVersion(HTTPHeadParser.text(bytes)) }
        self = minor == UInt8(ascii: "0") ? .http1_0 : .http1_1
    }
}
