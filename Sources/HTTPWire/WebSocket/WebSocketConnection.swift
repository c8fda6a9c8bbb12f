import HarnessCore
import Synchronization

/// One open WebSocket (RFC 6455), client or server side, driven by an event loop.
///
/// The loop reads the socket, writes what the socket would not take at once, and keeps the
/// connection's deadlines; no thread is held per connection. The app reads in one of two ways:
/// - on the loop, with a ``WebSocketLoopHandler`` told of each message or frame as it arrives;
/// - from a task, for a client connection opened without a handler, with `await receive()`:
///   messages, pings answered and closes echoed automatically; or every frame, for relays
///   (opened with `receiveMode: .frames`).
///
/// Any thread may send. Sends never wait for a slow peer: what the socket does not take at once
/// is queued, written by the loop as the peer reads, and a peer that falls too far behind is
/// dropped.
///
/// Every protocol decision (the close handshake, ping/pong and keep-alive, fragments, limits)
/// is ``WebSocketStateMachine``'s; this class performs its actions: frames are queued under one
/// lock in the machine's order, the loop writes them (never under that lock), and the deadlines
/// the machine asks for are the loop's timers.
///
/// ```swift
/// while case .message(let message) = await connection.receive() {
///     try connection.send(message)   // echo
/// }
/// ```
package final class WebSocketConnection: Sendable {
    package let role: WebSocketRole
    package let configuration: WebSocketConfiguration
    /// The event loop that drives the connection.
    package let eventLoop: EventLoop
    let socket: Socket
    /// Shared by the loop and threads that send: its waiters sleep rather than spin, as the loop
    /// holds it while it parses a whole read, and a spinning sender would take the CPU the loop
    /// needs.
    let state: Mutex<WebSocketShellState>
    /// The loop's side: its registration and timers (touched on the loop's thread only).
    let driver: WebSocketDriver
    /// The machine's time zero, on the loop's clock.
    let opened: Duration
    /// Runs once the socket is closed (the server frees the connection's slot).
    let onClose: (@Sendable () -> Void)?

    /// A connection over `socket` (after the opening handshake) driven by `loop`; `bufferedBytes`
    /// arrived with the handshake and are already frames (§4.2.2), and `unsentHandshake` is what
    /// the socket has not taken yet of a 101 written without blocking (it goes out first). With
    /// `handler`, it is served on the loop; without, a task reads it with `receive()` (messages,
    /// or with `receiveMode` `.frames`, frames).
    init(socket: Socket, role: WebSocketRole, configuration: WebSocketConfiguration, bufferedBytes: [UInt8],
         loop: EventLoop, handler: (any WebSocketLoopHandler)? = nil, receiveMode: WebSocketReceiveMode = .messages,
         unsentHandshake: [UInt8] = [], onClose: (@Sendable () -> Void)? = nil) {
        self.socket = socket
        self.role = role
        self.configuration = configuration
        self.onClose = onClose
        eventLoop = loop
        opened = loop.now
        var machine = WebSocketStateMachine(role: role, configuration: configuration, bufferedBytes: bufferedBytes)
        let opening = machine.start()
        var shell = WebSocketShellState(machine: machine, now: .zero)
        _ = shell.enqueue(unsentHandshake, limit: .max, socket: socket)
        state = Mutex(shell)
        // Without a handler, the loop delivers to an inbox that `receive()` reads.
        driver = WebSocketDriver(handler: handler ?? WebSocketInbox(receiveMode: receiveMode))
        driver.connection = self
        let started = loop.execute { [self] in driver.start(opening: opening) }
        if !started {
            // The loop has stopped (the server is stopping): the connection ends at once.
            state.withLock { $0.endOfStream = true }
            socket.close()
            onClose?()
        }
    }

    /// The peer's address.
    package var peer: SocketAddress? { socket.peer }

    /// How far sending has come: bytes accepted by sends, and bytes the socket has taken.
    package var outboundProgress: OutboundProgress { state.withLock { $0.progress } }

    /// Why sending stopped, if it has: `.peerTooSlow` when the peer stopped reading and was dropped.
    package var sendFailure: WebSocketConnectionError? { state.withLock { $0.sendFailure } }

    /// The RFC 6455 rule the peer broke, if the connection failed on one (its close code and
    /// reason went to the peer and into the `WebSocketCloseInfo`).
    package var protocolError: WebSocketProtocolError? { state.withLock { $0.machine.protocolFailure } }

    /// Whether the connection has ended.
    package var isEnded: Bool { state.withLock { $0.machine.isEnded } }

    // MARK: Sending

    /// Sends a whole message as one frame.
    package func send(_ message: WebSocketMessage) throws(WebSocketConnectionError) {
        switch message {
        case .text(let text): try send(frame: WebSocketFrame(opcode: .text, payload: Array(text.utf8)))
        case .binary(let bytes): try send(frame: WebSocketFrame(opcode: .binary, payload: bytes))
        }
    }

    /// Sends a text message.
    package func send(text: String) throws(WebSocketConnectionError) { try send(.text(text)) }

    /// Sends a ping; the pong comes back through the reader.
    package func ping(_ payload: [UInt8] = []) throws(WebSocketConnectionError) {
        try send(frame: WebSocketFrame(opcode: .ping, payload: Array(payload.prefix(125))))
    }

    /// Sends one frame as given (masked if we are the client). A close frame starts or
    /// answers the closing handshake, like `close(code:reason:)`; anything else throws
    /// `.closed` once our close frame is sent.
    package func send(frame: WebSocketFrame) throws(WebSocketConnectionError) {
        let now = self.now
        let (actions, waking) = try state.withLock { (state) throws(WebSocketConnectionError) -> ([WebSocketStateMachine.Action], Bool) in
            var actions = try state.machine.send(frame, now: now)
            // The caller's own frame reports a failed write; a close never did.
            let waking = try queue(&actions, in: &state, reportingFailures: frame.opcode != .close)
            return (actions, waking)
        }
        _ = perform(actions, waking: waking)
    }

    /// Starts (or answers) the closing handshake. Returns at once; the reader sees the
    /// end, and TCP is dropped after `closeTimeout` if the peer never answers.
    package func close(code: WebSocketCloseCode? = .normalClosure, reason: String = "") {
        _ = step { machine, now in machine.close(code: code, reason: reason, now: now) }
    }

    /// Ends the TCP connection without a close frame, as a failing network would; the
    /// peer sees an abnormal closure (1006). For fault injection.
    package func dropWithoutClosing() {
        socket.shutdown()
    }

    /// Ends the connection as abnormal (1006) when nothing arrives for `timeout` (`nil`: wait
    /// forever, the default). Useful to bound waits in clients and tests.
    package func setReceiveTimeout(_ timeout: Duration?) {
        eventLoop.execute { [self] in driver.setReceiveTimeout(timeout) }
    }

    /// Stops reading (and delivering to the ``WebSocketLoopHandler``) until ``resumeReading()``:
    /// back-pressure for a handler whose output is behind. Call on the loop's thread.
    package func pauseReading() { driver.setHandlerPaused(true) }

    /// Reads and delivers on after ``pauseReading()``. Call on the loop's thread.
    package func resumeReading() { driver.setHandlerPaused(false) }

    // MARK: Receiving in a task

    /// The next message, or, for a connection opened with `receiveMode: .frames`, the next
    /// validated frame; `.closed` once the connection is over (again on every later call). In
    /// message mode pings are answered, pongs consumed and a peer's close is echoed (§5.5); in
    /// frame mode a configuration that says so answers nothing, and the caller relays pings, pongs
    /// and closes. Cancelling the waiting task makes the wait return `.cancelled` at once, taking
    /// nothing: the connection stays open and a later call gets what arrives next (close it if
    /// no one will read on). For a connection opened without a handler; one reader at a time.
    nonisolated(nonsending) package func receive() async -> WebSocketEvent {
        guard let inbox = driver.handler as? WebSocketInbox else {
            preconditionFailure("receive() on a WebSocket served by a WebSocketLoopHandler: its handler is told instead")
        }
        return await inbox.next(of: self)
    }

    // MARK: Performing the machine's actions

    /// The machine's time: elapsed since the connection opened, on the loop's clock.
    var now: Duration { eventLoop.now - opened }

    /// Runs one input and performs its actions; returns what is to be delivered, if anything.
    func step(_ input: (inout WebSocketStateMachine, Duration) -> [WebSocketStateMachine.Action]) -> WebSocketEvent? {
        let now = self.now
        let (actions, waking) = state.withLock { state in
            var actions = input(&state.machine, now)
            let waking = (try? queue(&actions, in: &state, reportingFailures: false)) ?? false
            return (actions, waking)
        }
        return perform(actions, waking: waking)
    }

    /// Queues the frames among `actions` under the machine's lock, so that they go out in the
    /// machine's order (no data frame can slip in after a close); the loop writes them. Returns
    /// whether the loop must be told (the queue was empty).
    private func queue(_ actions: inout [WebSocketStateMachine.Action], in state: inout WebSocketShellState,
                       reportingFailures: Bool) throws(WebSocketConnectionError) -> Bool {
        let wasWaiting = state.waitsToWrite(over: socket)
        var failure: WebSocketConnectionError?
        for case .write(let frame) in actions {
            let key = role == .client ? WebSocketFrameEncoder.randomMaskingKey() : nil
            if let refused = state.enqueue(WebSocketFrameEncoder.encode(frame, maskingKey: key),
                                           limit: configuration.maxQueuedBytes, socket: socket) {
                failure = failure ?? refused
            } else if frame.opcode == .close {
                state.closeFrameEnd = state.progress.accepted
            }
        }
        if let failure, reportingFailures { throw failure }
        return !wasWaiting && state.waitsToWrite(over: socket)
    }

    /// Performs what follows the queueing, outside the lock; returns the delivery, if any. The
    /// deadlines and the end of the transport are the loop's, with the flush when `waking`.
    private func perform(_ actions: [WebSocketStateMachine.Action], waking: Bool) -> WebSocketEvent? {
        var delivery: WebSocketEvent?
        for case .deliver(let value) in actions { delivery = value }
        let loopWork = actions.filter { action in
            switch action {
            case .armDeadline, .dropTransport, .finishTransport: true
            case .write, .cancelDeadline, .deliver: false  // queued under the lock; a stale alarm is ignored
            }
        }
        guard waking || !loopWork.isEmpty else { return delivery }
        if eventLoop.inEventLoop {
            driver.perform(loopWork, flushing: waking)
        } else {
            eventLoop.execute { [self] in driver.perform(loopWork, flushing: waking) }
        }
        return delivery
    }
}
