/// What the lock of a ``WebSocketConnection`` guards: the machine, the bytes the socket has not
/// taken yet, and whether reading has ended.
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

    /// The most handed to the socket in one write.
    static let writeChunk = 256 * 1024

    /// The next bytes to write, copied out so that they are written outside the lock (by the
    /// loop's thread, the only writer); empty when only TLS ciphertext held back waits; nil when
    /// nothing waits or sending has failed.
    func nextWrite(over socket: Socket) -> [UInt8]? {
        guard sendFailure == nil || sendFailure == .closed, waitsToWrite(over: socket) else { return nil }
        return Array(unsent[unsentStart..<min(unsentStart + Self.writeChunk, unsent.count)])
    }

    /// The socket took `written` bytes of what ``nextWrite(over:)`` gave at `now`, or failed.
    /// Returns whether our close frame has gone out, and whether to write on (the socket took
    /// all it was given, and more waits).
    mutating func wrote(_ written: Result<Int, SocketError>, over socket: Socket,
                        now: Duration) -> (closeWentOut: Bool, writeOn: Bool) {
        let count: Int
        switch written {
        case .success(let taken): count = taken
        case .failure(let error):
            sendFailure = .socket(error)
            socket.shutdown()
            return (false, false)
        }
        if count > 0 || unsentIsEmpty { lastWriteProgress = now }
        unsentStart += count
        progress.handedToKernel += count
        if unsentIsEmpty {
            unsent = []
            unsentStart = 0
        } else if unsentStart > 65_536, unsentStart * 2 > unsent.count {
            unsent.removeFirst(unsentStart)
            unsentStart = 0
        }
        var closeWentOut = false
        if let end = closeFrameEnd, progress.handedToKernel >= end, !socket.hasUnsentBytes {
            closeFrameEnd = nil
            closeWentOut = true
        }
        return (closeWentOut, count > 0 && waitsToWrite(over: socket))
    }

    /// Whether bytes wait for the socket (TLS ciphertext held back included).
    func waitsToWrite(over socket: Socket) -> Bool { !unsentIsEmpty || socket.hasUnsentBytes }
}
