/// Pushes one request's body to the server piece by piece, as it is produced, for an exchange
/// an event loop drives (``HTTPClientConnection/exchangeStreaming(_:bodyLength:_:)``): framing
/// is added here (each piece a chunk, then the last chunk, when the body has no length), and
/// nothing ever waits: a producer that outruns the server checks ``hasRoom`` and asks to hear
/// ``whenRoom(_:)`` before it goes on (back-pressure), instead of piling the body up in memory.
///
/// A server that stops taking the body (it answered early, say 413, and closed) does not fail
/// the exchange: what is written from then on is dropped and the response is still read.
/// Nor does a response that ends first: the connection then carries no other
/// request. Use it on the loop's thread.
///
/// ```swift
/// let writer = connection.exchangeStreaming(head, bodyLength: nil) { event in … }
/// writer.write(piece)
/// if !writer.hasRoom { source.pause(); writer.whenRoom { source.resume() } }
/// // … at the end:
/// writer.finish()
/// ```
package final class HTTPRequestBodyWriter: @unchecked Sendable {
    // Unchecked: used on the loop's thread only, as the attachment it writes through.

    /// More than this queued for the server and the writer has no room.
    package static let highWater = 256 * 1024
    /// Room comes back once the queue is down to this.
    package static let lowWater = 64 * 1024

    weak var attachment: LoopAttachment?
    let exchange: Int
    private let chunked: Bool
    private var finished = false

    init(attachment: LoopAttachment?, exchange: Int, chunked: Bool) {
        self.attachment = attachment
        self.exchange = exchange
        self.chunked = chunked
    }

    /// Queues the next piece of the body (the caller writes exactly the `bodyLength` it
    /// announced, when it announced one).
    package func write(_ bytes: [UInt8]) {
        guard !finished, !bytes.isEmpty else { return }
        attachment?.queueBody(chunked ? HTTPEncoder.chunk(bytes) : bytes, of: exchange)
    }

    /// Ends the body (the last chunk, when chunked); the response is awaited from now on.
    package func finish() {
        guard !finished else { return }
        finished = true
        attachment?.endBody(chunked ? HTTPEncoder.lastChunk : [], of: exchange)
    }

    /// Bytes written and not taken by the server yet (0 once they go nowhere).
    var queuedBytes: Int { attachment?.queuedBytes(of: exchange) ?? 0 }

    /// Whether less than ``highWater`` waits for the server.
    package var hasRoom: Bool { queuedBytes < Self.highWater }

    /// Calls `body` once the queue is down to ``lowWater`` (at once when it is), or the body goes
    /// nowhere any more.
    package func whenRoom(_ body: @escaping () -> Void) {
        guard let attachment else { return body() }
        attachment.whenRoom(of: exchange, lowWater: Self.lowWater, body)
    }
}
