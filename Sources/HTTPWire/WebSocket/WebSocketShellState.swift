/// What the lock of a ``WebSocketConnection`` guards: the machine, the bytes the socket has not
/// taken yet, and how reading stands.
struct WebSocketShellState: Sendable {
    var machine: WebSocketStateMachine
    /// Encoded bytes the socket has not taken, from `unsentStart` on.
    private var unsent: [UInt8] = []
    private var unsentStart = 0
    var progress = OutboundProgress()
    var sendFailure: WebSocketConnectionError?
    /// When the socket last took bytes (or had none to take), on the connection's clock.
    var lastWriteProgress: Duration
    /// Reading has ended: end of stream, an error, our own shutdown, or the loop stopped.
    var endOfStream = false
    /// A thread waits in `receive()` for the loop to feed bytes (or the end).
    var readerWaiting = false
    /// The loop stopped reading: bytes piled up that no one asked for yet.
    var readingPaused = false
    /// How long a reader may wait with nothing arriving (`setReceiveTimeout`).
    var receiveTimeout: Duration?
    /// Where our close frame ends in the outbound stream, until it has gone out.
    var closeFrameEnd: Int?

    init(machine: WebSocketStateMachine, now: Duration) {
        self.machine = machine
        lastWriteProgress = now
    }

    var unsentIsEmpty: Bool { unsentStart == unsent.count }
    var unsentCount: Int { unsent.count - unsentStart }

    /// Appends `bytes` after everything queued; drops the peer (shutting the socket down) when
    /// that would pass `limit`. Returns the failure that stops sending, if any.
    mutating func enqueue(_ bytes: [UInt8], limit: Int, socket: Socket) -> WebSocketConnectionError? {
        if let sendFailure { return sendFailure }
        if !unsentIsEmpty, unsentCount + bytes.count > limit {
            let failure = WebSocketConnectionError.peerTooSlow(queuedBytes: unsentCount + bytes.count)
            sendFailure = failure
            socket.shutdown()
            return failure
        }
        if unsentIsEmpty {
            unsent = bytes
            unsentStart = 0
        } else {
            unsent.append(contentsOf: bytes)
        }
        progress.accepted += bytes.count
        return nil
    }

    /// Writes what the socket takes now, without blocking (and ciphertext TLS held back).
    /// Returns whether our close frame went out with this.
    @discardableResult
    mutating func flush(over socket: Socket, now: Duration) -> Bool {
        defer { if let end = closeFrameEnd, progress.handedToKernel >= end, !socket.hasUnsentBytes { closeFrameEnd = nil } }
        guard sendFailure == nil || sendFailure == .closed else { return false }
        while !unsentIsEmpty || socket.hasUnsentBytes {
            let written: Int
            do throws(SocketError) {
                written = try socket.writeWithoutBlocking(unsent[unsentStart...])
            } catch {
                sendFailure = .socket(error)
                socket.shutdown()
                return false
            }
            if written > 0 || unsentIsEmpty { lastWriteProgress = now }
            unsentStart += written
            progress.handedToKernel += written
            if written == 0 { break }
        }
        if unsentIsEmpty {
            unsent = []
            unsentStart = 0
            lastWriteProgress = now
        } else if unsentStart > 65_536, unsentStart * 2 > unsent.count {
            unsent.removeFirst(unsentStart)
            unsentStart = 0
        }
        guard let end = closeFrameEnd else { return false }
        return progress.handedToKernel >= end && !socket.hasUnsentBytes
    }

    /// Whether bytes wait for the socket (TLS ciphertext held back included).
    func waitsToWrite(over socket: Socket) -> Bool { !unsentIsEmpty || socket.hasUnsentBytes }
}
