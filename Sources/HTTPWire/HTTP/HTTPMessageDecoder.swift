/// Turns bytes into messages, one event at a time, strictly per RFC 9112: requests from a
/// client (``HTTPRequestDecoder``) or responses from a server (``HTTPResponseDecoder``). Fed by
/// the socket code (or a test); never touches a socket itself.
///
/// ```swift
/// var decoder = HTTPRequestDecoder(limits: HTTPLimits())
/// decoder.feed(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
/// while let event = try decoder.next() { ... }   // .head, .body, .end
/// ```
/// Pipelined messages come out in order. After an upgrade's `.end` (a request, or a 101),
/// `takeBufferedBytes()` hands the bytes that followed it to the next protocol.
///
/// A response decoder is told each request's method before it decodes the response
/// (`expectResponse(to:)`), so that HEAD responses are known to have no body, and `finish()`
/// when the connection reaches end of stream (it ends a read-to-close body).
package struct HTTPMessageDecoder<Message: HTTPDecodableMessage>: Sendable {
    /// One step of a message.
    package typealias Event = HTTPMessageEvent<Message>

    private enum State: Sendable {
        case head
        case body(BodyFraming)
        /// A body read to the close has ended: nothing follows it.
        case finished
    }

    package let limits: HTTPLimits
    /// Bytes received and not yet decoded.
    var buffer = ByteBuffer()
    private var headParser: HTTPHeadParser
    private var state: State = .head
    private var pendingMethods: [HTTPMethod] = []
    /// Whether the connection reached end of stream (`finish()`): no more bytes come.
    private(set) var reachedEndOfStream = false

    package init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
        self.headParser = HTTPHeadParser(limits: limits, skipsLeadingEmptyLines: Message.skipsLeadingEmptyLines)
    }

    /// Adds received bytes.
    mutating func feed(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Reads straight into the decoder's buffer: `fill` writes up to `capacity` bytes and returns the count.
    mutating func feed<Failure: Error>(
        capacity: Int, _ fill: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
    ) throws(Failure) -> Int {
        try buffer.appendIn(capacity: capacity, fill)
    }

    /// Removes and returns the bytes buffered after the last complete message (what follows an
    /// upgrade belongs to the next protocol).
    mutating func takeBufferedBytes() -> [UInt8] { buffer.readAll() }

    /// Whether bytes of an unfinished message are buffered or in progress.
    package var isMidMessage: Bool { !isReadingHead || !buffer.isEmpty }

    /// Whether the decoder is between messages or inside a message head (not in a body).
    var isReadingHead: Bool {
        if case .head = state { return true }
        return false
    }

    /// Records that a request with `method` was sent; responses are matched in order.
    package mutating func expectResponse(to method: HTTPMethod) { pendingMethods.append(method) }

    /// Signals end of stream: completes a read-to-close body, fails a truncated message.
    package mutating func finish() { reachedEndOfStream = true }

    /// The next event, or `nil` when more bytes are needed.
    package mutating func next() throws(HTTPParseError) -> Event? {
        switch state {
        case .finished:
            return nil
        case .head:
            guard let head = try headParser.parse(&buffer) else {
                if reachedEndOfStream, !buffer.isEmpty { throw .truncated }
                return nil
            }
            let message = try Message(startLine: head.startLine, headers: head.headers)
            let method = pendingMethods.first ?? .get
            guard let framing = try message.bodyFraming(answering: method, limits: limits) else { return try next() }
            if !pendingMethods.isEmpty { pendingMethods.removeFirst() }
            state = .body(framing)
            return .head(message)
        case .body(var framing):
            let event: Event? = try framing.next(&buffer, limits: limits, endOfStream: reachedEndOfStream)
            if case .end? = event {
                if case .untilClose = framing { state = .finished } else { state = .head }
            } else {
                state = .body(framing)
            }
            return event
        }
    }
}

/// A message ``HTTPMessageDecoder`` reads: how its head is parsed and its body delimited.
package protocol HTTPDecodableMessage: Sendable {
    /// Whether empty lines before the start line are skipped (a server does, RFC 9112 §2.2).
    static var skipsLeadingEmptyLines: Bool { get }

    /// The message a head makes: its start line (without the CRLF) and its header fields.
    init(startLine: ArraySlice<UInt8>, headers: HTTPHeaders) throws(HTTPParseError)

    /// How the body is delimited (RFC 9112 §6.3); a response's given the method of the request it
    /// answers. `nil` for an interim response, which the final one follows.
    func bodyFraming(answering method: HTTPMethod, limits: HTTPLimits) throws(HTTPParseError) -> BodyFraming?
}

/// Reads requests from a client.
package typealias HTTPRequestDecoder = HTTPMessageDecoder<HTTPRequest>

/// Reads responses from a server.
package typealias HTTPResponseDecoder = HTTPMessageDecoder<HTTPResponse>

/// One step of a message, as the request and response decoders return them: the head (its
/// body empty here), then the body's pieces as they arrive, then the end.
package enum HTTPMessageEvent<Head: Sendable>: Sendable {
    /// The start line and headers: an ``HTTPRequest`` or an ``HTTPResponse``.
    case head(Head)
    case body([UInt8])
    case end
}
