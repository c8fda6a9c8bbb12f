import HTTPWire
import KitchenRecording

/// Relays one WebSocket conversation frame by frame in both directions, control frames and
/// fragmentation included, on the client connection's event loop (both connections are driven
/// by it; no thread is held), and records each complete data message and how the conversation
/// closed.
///
/// Write-ahead: a message's last frame goes on only once the message is journaled (with the
/// loop's turn); frames behind it in the same direction wait for it, so order is kept, and a
/// side whose frames pile up waiting is read no further until they go (back-pressure).
///
/// A side that ends without a close frame gets the other side closed for it: the client hears
/// 1011 when the upstream drops (RFC 6455 §7.4.1, "unexpected condition"), the upstream hears
/// 1001 when the client goes away. A client that stops reading is dropped once its queue passes
/// `maxQueuedBytes`, and the close recorded names the messages it never got. A message that
/// arrives for a side whose connection has already ended (the proxy closed it, say for breaking
/// the protocol) is recorded as undelivered and goes nowhere.
final class WebSocketRelay: @unchecked Sendable {
    // Unchecked: every property is touched on `loop`'s thread only (both connections' handlers
    // and the journal's continuations are brought there; `abortForFailedRecording` hops there).

    /// One direction of the conversation: the message being assembled, and the frames that
    /// wait to go on (a message's last frame until the message is journaled, and those behind it).
    struct Direction {
        struct Waiting {
            /// The frame to send; nil: close the destination with `close` instead.
            let frame: WebSocketFrame?
            var released: Bool
            /// A server message's last frame: where it ends in the client's stream is noted.
            let endsServerMessage: Bool
            var close: (code: WebSocketCloseCode, reason: String)?
        }

        var message: (opcode: WebSocketOpcode, payload: [UInt8])?
        var waiting: [Waiting] = []
        var ended = false
        /// Nothing more is relayed (or recorded) this way: its destination was dropped.
        var stopped = false

        /// Adds a data frame to the message being assembled; returns the message `frame` completes.
        mutating func assemble(_ frame: WebSocketFrame) -> (opcode: WebSocketOpcode, payload: [UInt8])? {
            switch frame.opcode {
            case .text, .binary: message = (frame.opcode, frame.payload)
            case .continuation: message?.payload.append(contentsOf: frame.payload)
            case .close, .ping, .pong: return nil
            }
            guard frame.fin, let complete = message else { return nil }
            message = nil
            return complete
        }
    }

    /// Frames that may wait in one direction before its source is read no further.
    static let waitingFramesLimit = 256

    let loop: EventLoop
    let recorder: ExchangeRecorder
    let id: String
    private let finished: @Sendable (WebSocketRelay) -> Void
    var client: WebSocketConnection?
    var upstream: WebSocketConnection?
    var toClient = Direction()
    private var toUpstream = Direction()
    private var closeRecorded = false
    private var aborted = false
    private var done = false
    /// Whether the conversation's opening is journaled: nothing is read before (its records
    /// must follow the opening's).
    private var started = false
    /// Where each journaled server message ends in the client's outbound byte stream (a lower
    /// bound until its last frame was accepted), oldest first; delivered ones are pruned.
    var serverMessageEnds: [Int] = []

    /// A relay on `loop` for conversation `id`; `finished` hears once both sides have ended.
    init(loop: EventLoop, recorder: ExchangeRecorder, id: String, finished: @escaping @Sendable (WebSocketRelay) -> Void) {
        self.loop = loop
        self.recorder = recorder
        self.id = id
        self.finished = finished
    }

    /// Starts relaying, once the conversation's opening is journaled. Safe from any thread.
    func start() {
        loop.execute { [self] in
            started = true
            upstream?.resumeReading()
            client?.resumeReading()
        }
    }

    /// Closes both sides with 1011 after the journal failed: nothing more is relayed unrecorded.
    /// Safe from any thread.
    func abortForFailedRecording() {
        loop.execute { [self] in abort() }
    }

    // MARK: Events (on the loop's thread, from its two ``WebSocketRelaySide``s)

    func opened(_ connection: WebSocketConnection, fromClient: Bool) {
        if fromClient { client = connection } else { upstream = connection }
        if aborted { return connection.close(code: .internalError, reason: "recording failed") }
        if !started { connection.pauseReading() }
        // What the other side sent before this one opened goes to it now.
        flush(toward: fromClient ? .client : .server)
    }

    func received(_ frame: WebSocketFrame, fromClient: Bool) {
        guard !aborted, !(fromClient ? toUpstream : toClient).stopped else { return }
        let toward: Toward = fromClient ? .server : .client
        if (fromClient ? upstream : client)?.isEnded == true {
            return receivedForEndedSide(frame, toward: toward)
        }
        var direction = take(toward)
        defer {
            put(direction, toward)
            flush(toward: toward)
        }
        if frame.opcode == .close {
            let payload = Self.closeCode(frame.payload)
            recordClose(code: payload.code, reason: payload.reason, closedBy: fromClient ? .client : .server)
        }
        guard let complete = direction.assemble(frame) else {
            direction.waiting.append(.init(frame: frame, released: true, endsServerMessage: false))
            return
        }
        direction.waiting.append(.init(frame: frame, released: false, endsServerMessage: !fromClient))
        // Write-ahead: the message's last frame goes on only once the message is journaled.
        recorder.messageLater(id, sentByClient: fromClient, opcode: complete.opcode, payload: complete.payload,
                              on: loop) { [self] outcome in
            journaled(outcome, fromClient: fromClient)
        }
        if direction.waiting.count > Self.waitingFramesLimit {
            (fromClient ? client : upstream)?.pauseReading()
        }
    }

    func ended(_ info: WebSocketCloseInfo, fromClient: Bool) {
        defer {
            if fromClient { toUpstream.ended = true } else { toClient.ended = true }
            if toUpstream.ended, toClient.ended, !done {
                done = true
                // Each connection's handler holds this relay: letting the connections go breaks
                // the cycle, so that they, their buffers and the relay are freed.
                client = nil
                upstream = nil
                toClient = Direction()
                toUpstream = Direction()
                finished(self)
            }
        }
        guard !info.wasClean, !aborted else { return }
        // This side is gone without a (complete) close handshake: end the other side for it,
        // after what this side sent before it went. Recorded first: once the other side hears
        // of it, its own close could race ours.
        if fromClient, let failure = client?.sendFailure, Self.isSlowReaderDrop(failure) {
            // The other direction dropped this client for not reading; say that, whoever notices first.
            dropSlowClient()
        } else if fromClient {
            let code = info.initiator == .local ? info.code ?? .goingAway : .goingAway
            // Server messages still waiting for the client (journaled, or being journaled) never reach it.
            let undelivered = toClient.waiting.filter(\.endsServerMessage).count
            recordClose(code: Int(code.rawValue), reason: info.reason, closedBy: info.initiator == .local ? .proxy : .client,
                        undelivered: undelivered > 0 ? undelivered : nil)
            closeAfterWaiting(toward: .server, code: code, reason: "client went away")
        } else {
            recordClose(code: Int(WebSocketCloseCode.internalError.rawValue),
                        reason: "upstream closed without a close frame", closedBy: .proxy)
            closeAfterWaiting(toward: .client, code: .internalError, reason: "upstream closed without a close frame")
        }
    }

    // MARK: Steps

    private enum Toward { case client, server }

    /// A frame for a side whose connection has ended: nothing goes on, and a message it
    /// completes is journaled as undelivered (it is no record of what that side got).
    private func receivedForEndedSide(_ frame: WebSocketFrame, toward: Toward) {
        var direction = take(toward)
        defer { put(direction, toward) }
        guard let complete = direction.assemble(frame) else { return }
        recorder.messageLater(id, sentByClient: toward == .server, opcode: complete.opcode, payload: complete.payload,
                              undelivered: true, on: loop) { [self] outcome in
            if case .failed = outcome { abort() }
        }
    }

    /// Closes the destination of one direction once the frames waiting that way have gone.
    private func closeAfterWaiting(toward: Toward, code: WebSocketCloseCode, reason: String) {
        let item = Direction.Waiting(frame: nil, released: true, endsServerMessage: false, close: (code, reason))
        if toward == .server { toUpstream.waiting.append(item) } else { toClient.waiting.append(item) }
        flush(toward: toward)
    }

    /// A message was journaled (in order, per direction): its last frame may go on.
    private func journaled(_ outcome: ExchangeRecorder.Outcome, fromClient: Bool) {
        if case .failed = outcome { return abort() }
        let toward: Toward = fromClient ? .server : .client
        var direction = take(toward)
        if let index = direction.waiting.firstIndex(where: { !$0.released }) { direction.waiting[index].released = true }
        put(direction, toward)
        flush(toward: toward)
    }

    /// Sends the released frames at the head of one direction, as far as its destination is open.
    private func flush(toward: Toward) {
        let fromClient = toward == .server
        guard let destination = fromClient ? upstream : client, !aborted else { return }
        var direction = take(toward)
        // The released frames at the head go out, then leave the queue in one step (not one
        // `removeFirst` each, which moves every frame behind).
        var sent = 0
        defer {
            direction.waiting.removeFirst(sent)
            put(direction, toward)
        }
        while sent < direction.waiting.count, direction.waiting[sent].released {
            let first = direction.waiting[sent]
            sent += 1
            guard let frame = first.frame else {
                if let close = first.close { destination.close(code: close.code, reason: close.reason) }
                continue
            }
            if first.endsServerMessage { noteServerMessage(endingAfter: destination.outboundProgress.accepted + 1) }
            do throws(WebSocketConnectionError) {
                try destination.send(frame: frame)
                if first.endsServerMessage { noteLastServerMessageEnds(at: destination.outboundProgress.accepted) }
            } catch {
                if Self.isSlowReaderDrop(error), !fromClient {
                    // Written back before the drop reads the direction (it empties it).
                    direction.waiting.removeFirst(sent)
                    sent = 0
                    put(direction, .client)
                    dropSlowClient()
                    direction = take(.client)
                    return
                }
            }
        }
        if started, direction.waiting.count - sent <= Self.waitingFramesLimit / 2 {
            (fromClient ? client : upstream)?.resumeReading()
        }
    }

    /// One direction's state moved out of the relay, so that appending to its queue does not
    /// copy the queue (a copy left in place would share it); ``put(_:_:)`` moves it back.
    private func take(_ toward: Toward) -> Direction {
        defer { put(Direction(), toward) }
        return toward == .server ? toUpstream : toClient
    }

    private func put(_ direction: Direction, _ toward: Toward) {
        if toward == .server { toUpstream = direction } else { toClient = direction }
    }

    private func abort() {
        guard !aborted else { return }
        aborted = true
        let reason = "recording failed"
        recordClose(code: Int(WebSocketCloseCode.internalError.rawValue), reason: reason, closedBy: .proxy)
        toClient.waiting = []
        toUpstream.waiting = []
        client?.close(code: .internalError, reason: reason)
        upstream?.close(code: .internalError, reason: reason)
    }

    /// The first close seen is the one recorded.
    func recordClose(code: Int?, reason: String, closedBy: HAR.WebSocketClose.Party, undelivered: Int? = nil) {
        guard !closeRecorded else { return }
        closeRecorded = true
        recorder.closeLater(id, code: code, reason: reason, closedBy: closedBy, undeliveredMessages: undelivered, on: loop)
    }

    private static func closeCode(_ payload: [UInt8]) -> (code: Int?, reason: String) {
        guard payload.count >= 2 else { return (nil, "") }
        return (Int(payload[0]) << 8 | Int(payload[1]), String(decoding: payload[2...], as: UTF8.self))
    }
}
