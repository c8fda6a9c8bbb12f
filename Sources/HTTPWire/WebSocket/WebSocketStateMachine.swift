/// One WebSocket connection after the opening handshake (RFC 6455 §5–§7), as a value:
/// bytes, the app's requests, the peer's end of stream and the time come in; actions come
/// out (write this frame, hand this to the app, arm a deadline, drop or finish TCP). It
/// owns the close handshake, ping/pong and keep-alive, fragmentation and the size limits;
/// it never touches a socket or a clock, so it runs the same on virtual time in a test as
/// under ``WebSocketConnection``, the thin shell that performs its actions.
///
/// Time is a `Duration` since the connection opened.
///
/// ```swift
/// var machine = WebSocketStateMachine(role: .server, configuration: WebSocketConfiguration())
/// machine.receive(bytesFromTheSocket)
/// let actions = machine.nextDelivery(as: .messages)   // [.deliver(.message(.text("hi")))]
/// machine.close(code: .normalClosure, reason: "bye", now: .seconds(1))
/// // [.write(.close(code: .normalClosure, reason: "bye")), .armDeadline(.seconds(3))]
/// machine.deadlineReached(.seconds(3), now: .seconds(3))   // [.dropTransport, .cancelDeadline]
/// ```
struct WebSocketStateMachine: Sendable {
    /// What the shell must do, in order.
    enum Action: Sendable, Equatable {
        /// Write this frame (masked if we are the client).
        case write(WebSocketFrame)
        /// Hand this to the app (the answer to ``nextDelivery(as:)`` or ``endOfStream()``).
        case deliver(WebSocketEvent)
        /// Call ``deadlineReached(_:now:)`` with this deadline once the time comes; replaces
        /// any deadline armed before.
        case armDeadline(Duration)
        /// No deadline is pending any more.
        case cancelDeadline
        /// Cut TCP now, both directions, without waiting: a deadline passed. The reader then
        /// meets the end of stream.
        case dropTransport
        /// Flush what is queued, then end TCP the role's way (§7.1.1: the server closes first,
        /// the client waits for the server's FIN). Comes once.
        case finishTransport
    }

    /// Where the closing handshake stands.
    enum Phase: Sendable, Equatable {
        case open
        /// The peer's close arrived and the app (frame mode) has not answered it yet.
        case closeReceived(WebSocketClosePayload)
        /// We sent a close; the peer's answer is due by `deadline`.
        case closeSent(code: WebSocketCloseCode?, reason: String, deadline: Duration)
        /// TCP is being cut without a completed handshake (a deadline passed); the reader's
        /// next step ends the connection with `info`.
        case dropping(WebSocketCloseInfo)
        /// Over: `info` says how.
        case ended(WebSocketCloseInfo)
    }

    let role: WebSocketRole
    let configuration: WebSocketConfiguration
    var decoder: WebSocketFrameDecoder
    var assembler: WebSocketMessageAssembler
    var keepAlive: KeepAliveSchedule?
    /// Where the closing handshake stands.
    var phase: Phase = .open
    /// The RFC 6455 rule the peer broke, if the connection failed on one.
    var protocolFailure: WebSocketProtocolError?
    /// The deadline the shell was last asked to arm.
    var armedDeadline: Duration?

    /// A connection that opened at time zero. `bufferedBytes` arrived with the handshake and
    /// are already frames (§4.2.2).
    init(role: WebSocketRole, configuration: WebSocketConfiguration, bufferedBytes: [UInt8] = []) {
        self.role = role
        self.configuration = configuration
        decoder = WebSocketFrameDecoder(role: role, maxFrameSize: configuration.maxFrameSize)
        decoder.feed(bufferedBytes)
        assembler = WebSocketMessageAssembler(maxMessageSize: configuration.maxMessageSize)
        keepAlive = configuration.pingInterval.map {
            KeepAliveSchedule(interval: $0, timeout: configuration.pongTimeout, start: .zero)
        }
    }

    /// The keep-alive's first deadline, to arm when the connection opens (no actions otherwise).
    mutating func start() -> [Action] { announcingDeadline([]) }

    /// Whether the connection is over.
    var isEnded: Bool {
        if case .ended = phase { return true }
        return false
    }

    // MARK: The app's requests

    /// The app sends `frame`. A close frame starts or answers the closing handshake, like
    /// ``close(code:reason:now:)``; anything else is refused once our close is sent (§5.5.1).
    mutating func send(_ frame: WebSocketFrame, now: Duration) throws(WebSocketConnectionError) -> [Action] {
        if frame.opcode == .close {
            let payload = try? WebSocketClosePayload(frame.payload)
            return close(code: payload?.code, reason: payload?.reason ?? "", now: now)
        }
        switch phase {
        case .open, .closeReceived: return [.write(frame)]
        case .closeSent, .dropping, .ended: throw .closed
        }
    }

    /// The app starts the closing handshake, or answers the peer's close (frame mode). Does
    /// nothing once our close is sent.
    mutating func close(code: WebSocketCloseCode?, reason: String, now: Duration) -> [Action] {
        // §7.4.1: 1005, 1006 and 1015 (and codes outside the registry) never go on the wire.
        let frame = WebSocketFrame.close(code: code.flatMap { $0.isValidOnWire ? $0 : nil }, reason: reason)
        switch phase {
        case .open:
            phase = .closeSent(code: code, reason: reason, deadline: now + configuration.closeTimeout)
            return announcingDeadline([.write(frame)])
        case .closeReceived(let received):
            // §7.1.4: both close frames exchanged; the handshake is complete.
            phase = .ended(WebSocketCloseInfo(code: received.code ?? .noStatusReceived, reason: received.reason,
                                              initiator: .peer, wasClean: true))
            return announcingDeadline([.write(frame), .finishTransport])
        case .closeSent, .dropping, .ended:
            return []
        }
    }

    /// Our close frame has been handed to the transport at `now`: the peer's answer is due a
    /// close timeout from now, not from when the close was asked for (a close queued behind a
    /// long backlog cannot be answered before the peer has read that far).
    mutating func closeFrameWritten(now: Duration) -> [Action] {
        guard case .closeSent(let code, let reason, let deadline) = phase, now + configuration.closeTimeout > deadline else {
            return []
        }
        phase = .closeSent(code: code, reason: reason, deadline: now + configuration.closeTimeout)
        return announcingDeadline([])
    }

    // MARK: Time

    /// Time passes: sends the keep-alive ping when due, and gives up on a peer that missed a
    /// deadline (the pong, or the answer to our close).
    mutating func tick(now: Duration) -> [Action] {
        switch phase {
        case .open:
            switch keepAlive?.tick(now: now) {
            case .sendPing(let payload)?:
                return announcingDeadline([.write(WebSocketFrame(opcode: .ping, payload: payload))])
            case .timedOut?:
                let reason = "keepalive ping timeout"
                phase = .dropping(WebSocketCloseInfo(code: .internalError, reason: reason, initiator: .local, wasClean: false))
                return announcingDeadline([.write(.close(code: .internalError, reason: reason)), .dropTransport])
            case nil:
                return []
            }
        case .closeSent(_, _, let deadline) where now >= deadline:
            // §7.1.1: the peer never answered our close; drop TCP.
            phase = .dropping(Self.closedWithoutCloseFrame)
            return announcingDeadline([.dropTransport])
        case .closeReceived, .closeSent, .dropping, .ended:
            return []
        }
    }

    /// The deadline armed by `.armDeadline(deadline)` has come. One that was replaced since is
    /// ignored; one that comes early is armed again.
    mutating func deadlineReached(_ deadline: Duration, now: Duration) -> [Action] {
        guard deadline == armedDeadline else { return [] }
        guard now >= deadline else { return [.armDeadline(deadline)] }
        return tick(now: now)
    }

    /// The earliest time at which ``tick(now:)`` would act.
    var nextDeadline: Duration? {
        switch phase {
        case .open: keepAlive?.nextDeadline
        case .closeSent(_, _, let deadline): deadline
        case .closeReceived, .dropping, .ended: nil
        }
    }

    /// `actions`, followed by arming or cancelling the deadline if it changed.
    mutating func announcingDeadline(_ actions: [Action]) -> [Action] {
        let deadline = nextDeadline
        guard deadline != armedDeadline else { return actions }
        armedDeadline = deadline
        return actions + [deadline.map(Action.armDeadline) ?? .cancelDeadline]
    }

    /// How a connection ends when TCP ends before the closing handshake completes (§7.1.5).
    static let closedWithoutCloseFrame = WebSocketCloseInfo(
        code: .abnormalClosure, reason: "connection closed without a close frame", initiator: .peer, wasClean: false)
}
