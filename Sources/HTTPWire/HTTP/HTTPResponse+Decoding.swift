extension HTTPResponse: HTTPDecodableMessage {
    /// A client takes the status line as the first line (RFC 9112 §2.2 lets only a server skip).
    package static let skipsLeadingEmptyLines = false

    /// status-line = HTTP-version SP status-code SP [ reason-phrase ] (RFC 9112 §4).
    package init(startLine line: ArraySlice<UInt8>, headers: HTTPHeaders) throws(HTTPParseError) {
        let text = HTTPHeadParser.text(line)
        guard line.count >= 12, line[line.startIndex + 8] == 0x20 else { throw .malformedStatusLine(text) }
        let version = try HTTPVersion(parsing: line.prefix(8))
        let codeBytes = line[(line.startIndex + 9)..<(line.startIndex + 12)]
        guard codeBytes.allSatisfy({ (0x30...0x39).contains($0) }) else { throw .malformedStatusLine(text) }
        let code = codeBytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        var reason = ""
        if line.count > 12 {
            guard line[line.startIndex + 12] == 0x20 else { throw .malformedStatusLine(text) }
            reason = HTTPHeadParser.text(line[(line.startIndex + 13)...])
        }
        self.init(status: HTTPStatus(code, reasonPhrase: reason), version: version, headers: headers)
    }

    /// None for an interim response (RFC 9110 §15.2: 1xx other than 101 precede the final one).
    /// No body after a HEAD, a 1xx, 204 or 304; else Content-Length, chunked, or up to the close.
    package func bodyFraming(answering method: HTTPMethod, limits: HTTPLimits) throws(HTTPParseError) -> BodyFraming? {
        if (100..<200).contains(status.code), status.code != 101 { return nil }
        if method == .head || status.forbidsBody || status.code == 101 { return .length(remaining: 0) }
        return try BodyFraming.of(headers, limits: limits, refusingTransferEncoding: false, undelimited: .untilClose(read: 0))
    }
}
