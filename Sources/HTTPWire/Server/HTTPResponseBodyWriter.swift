/// Pushes one response body to the client piece by piece, as it is produced (an
/// ``HTTPBodyPusher``'s writer): framing is added here (each piece a chunk, then the last chunk,
/// unless the response has a `Content-Length`), and nothing ever waits: a producer that outruns
/// the client checks ``hasRoom`` and asks to hear ``whenRoom(_:)`` before it goes on
/// (back-pressure), instead of piling the body up in memory.
///
/// Use it on the connection's event loop, where the pusher was started.
///
/// ```swift
/// writer.write(piece)
/// if !writer.hasRoom { upstream.pauseReading(); writer.whenRoom { upstream.resumeReading() } }
/// // … at the end:
/// writer.end()
/// ```
package final class HTTPResponseBodyWriter: @unchecked Sendable {
    // Unchecked: used on its connection's loop thread only (see the type's note), as its sink is.

    /// More than this queued and the writer has no room.
    package static let highWater = 256 * 1024
    /// Room comes back once the queue is down to this.
    package static let lowWater = 64 * 1024

    private let chunked: Bool
    private let sink: any ResponseBodySink
    private var ended = false

    init(chunked: Bool, sink: any ResponseBodySink) {
        self.chunked = chunked
        self.sink = sink
    }

    /// Queues the next piece of the body.
    package func write(_ bytes: [UInt8]) {
        guard !ended, !bytes.isEmpty else { return }
        sink.push(chunked ? HTTPEncoder.chunk(bytes) : bytes)
    }

    /// Ends the body (the last chunk, when chunked); the answer is complete once it is written.
    package func end() {
        guard !ended else { return }
        ended = true
        if chunked { sink.push(HTTPEncoder.lastChunk) }
        sink.finish()
    }

    /// Cuts the answer short: the connection closes, so the client sees a truncated body rather
    /// than a complete one.
    package func abort() {
        guard !ended else { return }
        ended = true
        sink.abort()
    }

    /// Whether the client is gone (writes go nowhere).
    package var isClosed: Bool { sink.isClosed }

    /// Whether less than ``highWater`` waits for the client.
    package var hasRoom: Bool { sink.queuedBytes < Self.highWater }

    /// Calls `body` once the queue is down to ``lowWater`` (at once when it is), or the client
    /// is gone.
    package func whenRoom(_ body: @escaping () -> Void) {
        guard !sink.isClosed, sink.queuedBytes > Self.lowWater else { return body() }
        sink.whenRoom(body)
    }

    /// Calls `body` if the client goes away before the body is written.
    package func whenClosed(_ body: @escaping () -> Void) {
        guard !sink.isClosed else { return body() }
        sink.whenClosed(body)
    }
}

/// Where an ``HTTPResponseBodyWriter`` puts the framed pieces: a connection on its event loop, or
/// nowhere (an answer that must have no body).
protocol ResponseBodySink: AnyObject {
    func push(_ bytes: [UInt8])
    func finish()
    func abort()
    var queuedBytes: Int { get }
    var isClosed: Bool { get }
    func whenRoom(_ body: @escaping () -> Void)
    func whenClosed(_ body: @escaping () -> Void)
}
