/// Turns bytes from a server into responses, one event at a time (RFC 9112 §6.3).
///
/// Call `expectResponse(to:)` with each request's method before decoding its
/// response, so that HEAD responses are known to have no body; call
/// `finish()` when the connection reaches end of stream (ends a read-to-close body).
package struct HTTPResponseDecoder: HTTPMessageDecoder, Sendable {
    /// One step of a response.
    package typealias Event = HTTPMessageEvent<HTTPResponse>

    private enum State: Sendable {
        case head
        case body(BodyFraming)
        /// A body read to the close has ended: nothing follows it.
        case finished
    }

    package let limits: HTTPLimits
    var buffer = ByteBuffer()
    private var headParser: HTTPHeadParser
    private var state: State = .head
    private var pendingMethods: [HTTPMethod] = []
    private var sawEndOfStream = false

    package init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
        self.headParser = HTTPHeadParser(limits: limits, skipsLeadingEmptyLines: false)
    }

    /// Records that a request with `method` was sent; responses are matched in order.
    package mutating func expectResponse(to method: HTTPMethod) { pendingMethods.append(method) }

    /// Signals end of stream: completes a read-to-close body, fails a truncated message.
    package mutating func finish() { sawEndOfStream = true }

    /// The next event, or `nil` when more bytes are needed.
    package mutating func next() throws(HTTPParseError) -> Event? {
        switch state {
        case .finished:
            return nil
        case .head:
            guard let head = try headParser.parse(&buffer) else {
                if sawEndOfStream, !buffer.isEmpty { throw .truncated }
                return nil
            }
            let response = try Self.makeResponse(head)
            // RFC 9110 §15.2: interim 1xx responses (other than 101) precede the final one.
            if (100..<200).contains(response.status.code), response.status.code != 101 {
                return try next()
            }
            let method = pendingMethods.isEmpty ? HTTPMethod.get : pendingMethods.removeFirst()
            state = .body(try framing(of: response, method: method))
            return .head(response)
        case .body(var framing):
            let event: Event? = try framing.next(&buffer, limits: limits, endOfStream: sawEndOfStream)
            if case .end? = event {
                if case .untilClose = framing { state = .finished } else { state = .head }
            } else {
                state = .body(framing)
            }
            return event
        }
    }

    private func framing(of response: HTTPResponse, method: HTTPMethod) throws(HTTPParseError) -> BodyFraming {
        if method == .head || response.status.forbidsBody || response.status.code == 101 {
            return .length(remaining: 0)
        }
        return try BodyFraming.of(response.headers, limits: limits, refusingTransferEncoding: false, undelimited: .untilClose(read: 0))
    }

    /// status-line = HTTP-version SP status-code SP [ reason-phrase ] (RFC 9112 §4).
    static func makeResponse(_ head: HTTPHeadParser.Head) throws(HTTPParseError) -> HTTPResponse {
        let line = head.startLine
        let text = HTTPHeadParser.text(line)
        guard line.count >= 12, line[line.startIndex + 8] == 0x20 else { throw .malformedStatusLine(text) }
        let version = try HTTPRequestDecoder.parseVersion(line.prefix(8))
        let codeBytes = line[(line.startIndex + 9)..<(line.startIndex + 12)]
        guard codeBytes.allSatisfy({ (0x30...0x39).contains($0) }) else { throw .malformedStatusLine(text) }
        let code = codeBytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        var reason = ""
        if line.count > 12 {
            guard line[line.startIndex + 12] == 0x20 else { throw .malformedStatusLine(text) }
            reason = HTTPHeadParser.text(line[(line.startIndex + 13)...])
        }
        return HTTPResponse(status: HTTPStatus(code, reasonPhrase: reason), version: version, headers: head.headers)
    }
}
