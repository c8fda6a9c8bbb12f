import Dispatch
import Synchronization

/// One open WebSocket (RFC 6455), client or server side.
///
/// One thread reads with `receive()` (messages, pings answered and closes
/// echoed automatically) or `receiveFrame()` (every frame, for relays); any
/// thread may send. Sends never wait for a slow peer: they are queued and a
/// peer that falls too far behind is dropped.
///
/// Every protocol decision (the close handshake, ping/pong and keep-alive,
/// fragments, limits) is ``WebSocketStateMachine``'s; this class performs its
/// actions: frames are queued under one lock in the machine's order, the socket
/// is read outside it, and the deadlines the machine asks for are armed here.
///
/// ```swift
/// while case .message(let message) = connection.receive() {
///     try connection.send(message)   // echo
/// }
/// ```
public final class WebSocketConnection: Sendable {
    public let role: WebSocketRole
    public let configuration: WebSocketConfiguration
    let socket: Socket
    private let outbound: OutboundQueue
    /// Every protocol decision is the machine's; this class only performs its actions.
    private let machine: Mutex<WebSocketStateMachine>
    /// The machine's time zero.
    private let opened = ContinuousClock.now

    init(socket: Socket, role: WebSocketRole, configuration: WebSocketConfiguration, bufferedBytes: [UInt8]) {
        self.socket = socket
        self.role = role
        self.configuration = configuration
        self.outbound = OutboundQueue(socket: socket, maxQueuedBytes: configuration.maxQueuedBytes)
        var machine = WebSocketStateMachine(role: role, configuration: configuration, bufferedBytes: bufferedBytes)
        let opening = machine.start()
        self.machine = Mutex(machine)
        socket.setWriteTimeout(milliseconds: configuration.writeTimeout.milliseconds)
        _ = perform(opening)
    }

    /// The peer's address.
    public var peer: SocketAddress? { socket.peer }

    /// How far sending has come: bytes accepted by sends, and bytes the socket has taken.
    public var outboundProgress: OutboundProgress { outbound.progress }

    /// Why sending stopped, if it has: `.peerTooSlow` when the peer stopped reading and was dropped.
    public var sendFailure: WebSocketConnectionError? { outbound.failure }

    /// The RFC 6455 rule the peer broke, if the connection failed on one (its close code and
    /// reason went to the peer and into the `WebSocketCloseInfo`).
    public var protocolError: WebSocketProtocolError? { machine.withLock { $0.protocolFailure } }

    /// Whether the connection has ended.
    public var isEnded: Bool { machine.withLock { $0.isEnded } }

    // MARK: Sending

    /// Sends a whole message as one frame.
    public func send(_ message: WebSocketMessage) throws(WebSocketConnectionError) {
        switch message {
        case .text(let text): try send(frame: WebSocketFrame(opcode: .text, payload: Array(text.utf8)))
        case .binary(let bytes): try send(frame: WebSocketFrame(opcode: .binary, payload: bytes))
        }
    }

    /// Sends a text message.
    public func send(text: String) throws(WebSocketConnectionError) { try send(.text(text)) }

    /// Sends a ping; the pong comes back through the reader.
    public func ping(_ payload: [UInt8] = []) throws(WebSocketConnectionError) {
        try send(frame: WebSocketFrame(opcode: .ping, payload: Array(payload.prefix(125))))
    }

    /// Sends one frame as given (masked if we are the client). A close frame starts or
    /// answers the closing handshake, like `close(code:reason:)`; anything else throws
    /// `.closed` once our close frame is sent.
    public func send(frame: WebSocketFrame) throws(WebSocketConnectionError) {
        let actions = try machine.withLock { (machine) throws(WebSocketConnectionError) -> [WebSocketStateMachine.Action] in
            let actions = try machine.send(frame, now: now)
            // The caller's own frame reports a failed write; a close never did.
            try write(actions, reportingFailures: frame.opcode != .close)
            return actions
        }
        _ = perform(actions)
    }

    /// Starts (or answers) the closing handshake. Returns at once; the reader sees the
    /// end, and TCP is dropped after `closeTimeout` if the peer never answers.
    public func close(code: WebSocketCloseCode? = .normalClosure, reason: String = "") {
        _ = step { machine, now in machine.close(code: code, reason: reason, now: now) }
    }

    // MARK: Receiving

    /// The next message, or `.closed` once the connection is over. Pings are answered,
    /// pongs consumed, a peer's close is echoed (§5.5).
    public func receive() -> WebSocketEvent {
        while true {
            switch nextDelivery(as: .messages) {
            case .message(let message): return .message(message)
            case .ended(let info): return .closed(info)
            case .frame: continue  // not delivered in message mode
            }
        }
    }

    /// The next validated frame, or `.ended` once the connection is over. In frame mode
    /// nothing is answered automatically: the caller relays pings, pongs and closes.
    public func receiveFrame() -> WebSocketFrameEvent {
        while true {
            switch nextDelivery(as: .frames) {
            case .frame(let frame): return .frame(frame)
            case .ended(let info): return .ended(info)
            case .message: continue  // not delivered in frame mode
            }
        }
    }

    /// Feeds the machine from the socket until it has something for the app. The read
    /// happens outside the lock, so senders never wait for the peer.
    private func nextDelivery(as mode: WebSocketStateMachine.ReceiveMode) -> WebSocketStateMachine.Delivery {
        while true {
            if let delivery = step({ machine, _ in machine.nextDelivery(as: mode) }) { return delivery }
            let received = withUnsafeTemporaryAllocation(byteCount: 65_536, alignment: 16) { buffer -> Bool in
                // End of stream, an error or our own shutdown all end the connection.
                let count = (try? socket.read(into: buffer)) ?? 0
                guard count > 0 else { return false }
                machine.withLock { $0.receive(UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
                return true
            }
            if !received, let delivery = step({ machine, _ in machine.endOfStream() }) { return delivery }
        }
    }

    // MARK: Performing the machine's actions

    /// The machine's time: elapsed since the connection opened.
    private var now: Duration { ContinuousClock.now - opened }

    /// Runs one input and performs its actions; returns what is to be delivered, if anything.
    private func step(
        _ input: (inout WebSocketStateMachine, Duration) -> [WebSocketStateMachine.Action]
    ) -> WebSocketStateMachine.Delivery? {
        let actions = machine.withLock { machine in
            let actions = input(&machine, now)
            try? write(actions, reportingFailures: false)
            return actions
        }
        return perform(actions)
    }

    /// Queues the frames among `actions`, under the machine's lock so that they go out in the
    /// machine's order (no data frame can slip in after a close).
    private func write(_ actions: [WebSocketStateMachine.Action], reportingFailures: Bool) throws(WebSocketConnectionError) {
        for case .write(let frame) in actions {
            let key = role == .client ? WebSocketFrameEncoder.randomMaskingKey() : nil
            do throws(WebSocketConnectionError) {
                try outbound.send(WebSocketFrameEncoder.encode(frame, maskingKey: key))
            } catch where reportingFailures {
                throw error
            } catch {}
        }
    }

    /// Performs what follows the writes, outside the lock (finishing TCP may wait).
    private func perform(_ actions: [WebSocketStateMachine.Action]) -> WebSocketStateMachine.Delivery? {
        var delivery: WebSocketStateMachine.Delivery?
        for action in actions {
            switch action {
            case .write, .cancelDeadline: break  // written under the lock; a stale alarm is ignored
            case .deliver(let value): delivery = value
            case .armDeadline(let deadline): arm(deadline)
            case .dropTransport: socket.shutdown()
            case .finishTransport: finishTransport()
            }
        }
        return delivery
    }

    /// Calls the machine back at `deadline`. The alarm decides nothing: the machine ignores
    /// one it has replaced and re-arms one that comes early.
    private func arm(_ deadline: Duration) {
        let delay = max(.zero, deadline - now)
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int((attoseconds + 999_999_999) / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
            _ = self?.step { machine, now in machine.deadlineReached(deadline, now: now) }
        }
    }

    /// Flushes what is queued and ends TCP: the server closes first (§7.1.1); the client
    /// waits for the server's FIN, up to the close timeout.
    private func finishTransport() {
        outbound.flush(timeout: configuration.closeTimeout)
        outbound.close()
        if role == .server {
            socket.lingeringClose(milliseconds: configuration.closeTimeout.milliseconds)
        } else {
            socket.setReadTimeout(milliseconds: configuration.closeTimeout.milliseconds)
            var scratch = [UInt8](repeating: 0, count: 4096)
            while (scratch.withUnsafeMutableBytes { (try? socket.read(into: $0)) ?? 0 }) > 0 {}
            socket.close()
        }
    }

    // MARK: Keep-alive

    /// Advances the machine's time (called periodically by the server's heartbeat, besides
    /// the connection's own deadline alarms).
    func keepAliveTick() {
        _ = step { machine, now in machine.tick(now: now) }
    }
}

extension WebSocketConnection {
    /// Ends the TCP connection without a close frame, as a failing network would; the
    /// peer sees an abnormal closure (1006). For fault injection.
    public func dropWithoutClosing() {
        socket.shutdown()
    }
}
