/// What the request and response decoders share: the bytes received and not yet decoded,
/// fed from a socket read (or a test) and handed on whole once a connection is upgraded.
///
/// ```swift
/// var decoder = HTTPResponseDecoder()
/// decoder.feed(Array("HTTP/1.1 101 Switching Protocols\r\n\r\n\u{81}\u{0}".utf8))
/// _ = try decoder.next()                 // .head(…101…)
/// decoder.takeBufferedBytes()            // [0x81, 0x00]: the first WebSocket frame
/// ```
protocol HTTPMessageDecoder {
    /// Bytes received and not yet decoded.
    var buffer: ByteBuffer { get set }
}

extension HTTPMessageDecoder {
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
}

/// One step of a message, as the request and response decoders return them: the head (its
/// body empty here), then the body's pieces as they arrive, then the end.
package enum HTTPMessageEvent<Head: Sendable>: Sendable {
    /// The start line and headers: an ``HTTPRequest`` or an ``HTTPResponse``.
    case head(Head)
    case body([UInt8])
    case end
}

extension HTTPMessageEvent: Equatable where Head: Equatable {}
