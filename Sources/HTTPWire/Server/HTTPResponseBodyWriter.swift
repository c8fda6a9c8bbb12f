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
    // Unchecked: used on its connection's loop thread only (see the type's note), as the
    // connection is.

    /// More than this queued and the writer has no room.
    package static let highWater = 256 * 1024
    /// Room comes back once the queue is down to this.
    package static let lowWater = 64 * 1024

    private let chunked: Bool
    /// The connection the body goes to; nil for an answer that must have no body (a HEAD, a 204
    /// or a 304), whose pieces go nowhere.
    private let connection: ServerConnection?
    private var ended = false

    init(chunked: Bool, connection: ServerConnection?) {
        self.chunked = chunked
        self.connection = connection
    }

    /// Queues the next piece of the body.
    package func write(_ bytes: [UInt8]) {
        guard !ended, !bytes.isEmpty else { return }
        connection?.push(chunked ? HTTPEncoder.chunk(bytes) : bytes)
    }

    /// Ends the body (the last chunk, when chunked); the answer is complete once it is written.
    package func end() {
        guard !ended else { return }
        ended = true
        if chunked { connection?.push(HTTPEncoder.lastChunk) }
        connection?.finish()
    }

    /// Cuts the answer short: the connection closes, so the client sees a truncated body rather
    /// than a complete one.
    package func abort() {
        guard !ended else { return }
        ended = true
        connection?.end()
    }

    /// Whether the client is gone (writes go nowhere).
    package var isClosed: Bool { connection?.isClosed ?? false }

    /// Whether less than ``highWater`` waits for the client.
    package var hasRoom: Bool { (connection?.machine.unsentByteCount ?? 0) < Self.highWater }

    /// Calls `body` once the queue is down to ``lowWater`` (at once when it is), or the client
    /// is gone.
    package func whenRoom(_ body: @escaping () -> Void) {
        guard let connection, !connection.isClosed, connection.machine.unsentByteCount > Self.lowWater else { return body() }
        connection.roomHandlers.append(body)
    }

    /// Calls `body` if the client goes away before the body is written.
    package func whenClosed(_ body: @escaping () -> Void) {
        guard let connection else { return }
        guard !connection.isClosed else { return body() }
        connection.closedHandlers.append(body)
    }
}
