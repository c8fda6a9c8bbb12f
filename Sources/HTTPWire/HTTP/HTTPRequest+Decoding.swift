/// Turns bytes from a client into requests, one event at a time, strictly per
/// RFC 9112. Fed by the socket code; never touches a socket itself.
///
/// ```swift
/// var decoder = HTTPRequestDecoder(limits: HTTPLimits())
/// decoder.feed(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
/// while let event = try decoder.next() { ... }   // .head, .body, .end
/// ```
/// Pipelined requests come out in order. After an upgrade request's `.end`,
/// `takeBufferedBytes()` hands the bytes that followed it to the next protocol.
package struct HTTPRequestDecoder: HTTPMessageDecoder, Sendable {
    /// One step of a request.
    package typealias Event = HTTPMessageEvent<HTTPRequest>

    private enum State: Sendable {
        case head
        case body(BodyFraming)
    }

    package let limits: HTTPLimits
    var buffer = ByteBuffer()
    private var headParser: HTTPHeadParser
    private var state: State = .head

    package init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
        self.headParser = HTTPHeadParser(limits: limits, skipsLeadingEmptyLines: true)
    }

    /// Whether bytes of an unfinished request are buffered or in progress.
    package var isMidMessage: Bool { !isReadingHead || !buffer.isEmpty }

    /// Whether the decoder is between requests or inside a request head (not in a body).
    var isReadingHead: Bool {
        if case .head = state { return true }
        return false
    }

    /// The next event, or `nil` when more bytes are needed.
    package mutating func next() throws(HTTPParseError) -> Event? {
        switch state {
        case .head:
            guard let head = try headParser.parse(&buffer) else { return nil }
            let request = try Self.makeRequest(head)
            state = .body(try BodyFraming.of(
                request.headers, limits: limits, refusingTransferEncoding: request.version == .http1_0,
                undelimited: .length(remaining: 0)))
            return .head(request)
        case .body(var framing):
            let event: Event? = try framing.next(&buffer, limits: limits, endOfStream: false)
            state = event == .end ? .head : .body(framing)
            return event
        }
    }

    /// request-line = method SP request-target SP HTTP-version (RFC 9112 §3).
    static func makeRequest(_ head: HTTPHeadParser.Head) throws(HTTPParseError) -> HTTPRequest {
        let line = head.startLine
        let text = HTTPHeadParser.text(line)
        guard let firstSpace = line.firstIndex(of: 0x20),
              let secondSpace = line[(firstSpace + 1)...].firstIndex(of: 0x20)
        else { throw .malformedRequestLine(text) }
        let method = line[line.startIndex..<firstSpace]
        let target = line[(firstSpace + 1)..<secondSpace]
        let version = line[(secondSpace + 1)...]
        guard !method.isEmpty, method.allSatisfy(HTTPSyntax.isTokenByte) else {
            throw .invalidMethod(HTTPHeadParser.text(method))
        }
        // An empty target means two spaces in a row: the line's shape is wrong, not the target.
        guard !target.isEmpty else { throw .malformedRequestLine(text) }
        guard target.allSatisfy(HTTPSyntax.isTargetByte) else { throw .invalidRequestTarget(HTTPHeadParser.text(target)) }
        let parsedVersion = try parseVersion(version)
        let request = HTTPRequest(
            method: HTTPMethod(rawValue: HTTPHeadParser.text(method)),
            target: HTTPHeadParser.text(target),
            version: parsedVersion,
            headers: head.headers)
        // RFC 9112 §3.2: an HTTP/1.1 request needs exactly one Host.
        let hosts = request.headers.values(for: "Host").count
        if hosts > 1 { throw .multipleHost }
        if hosts == 0, parsedVersion == .http1_1 { throw .missingHost }
        return request
    }

    /// HTTP-version = "HTTP/" DIGIT "." DIGIT. 1.x is answered as 1.1; other majors get 505.
    static func parseVersion(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        let prefix: [UInt8] = Array("HTTP/".utf8)
        guard bytes.count == 8, bytes.starts(with: prefix) else { throw .malformedVersion(HTTPHeadParser.text(bytes)) }
        let major = bytes[bytes.startIndex + 5], dot = bytes[bytes.startIndex + 6], minor = bytes[bytes.startIndex + 7]
        guard (0x30...0x39).contains(major), dot == UInt8(ascii: "."), (0x30...0x39).contains(minor) else {
            throw .malformedVersion(HTTPHeadParser.text(bytes))
        }
        guard major == UInt8(ascii: "1") else { throw .unsupportedVersion(HTTPHeadParser.text(bytes)) }
        return minor == UInt8(ascii: "0") ? .http1_0 : .http1_1
    }
}
