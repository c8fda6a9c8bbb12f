import Dispatch
import Synchronization

/// One open WebSocket (RFC 6455), client or server side.
///
/// One thread reads with `receive()` (messages, pings answered and closes
/// echoed automatically) or `receiveFrame()` (every frame, for relays); any
/// thread may send. Sends never wait for a slow peer: they are queued and a
/// peer that falls too far behind is dropped.
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
    private let reader: Mutex<ReaderState>
    private let lifecycle = Mutex(Lifecycle())
    private let keepAlive: Mutex<KeepAliveSchedule?>
    private let started = ContinuousClock.now

    private struct ReaderState {
        var decoder: WebSocketFrameDecoder
        var assembler: WebSocketMessageAssembler
        /// The message completed by the last data frame, if it completed one.
        var lastMessage: WebSocketMessage?
    }

    private struct Lifecycle {
        var closeSent: (code: WebSocketCloseCode?, reason: String)?
        var closeReceived: (code: WebSocketCloseCode?, reason: String)?
        var failure: WebSocketCloseInfo?
        var ended: WebSocketCloseInfo?
    }

    init(socket: Socket, role: WebSocketRole, configuration: WebSocketConfiguration, bufferedBytes: [UInt8]) {
        self.socket = socket
        self.role = role
        self.configuration = configuration
        self.outbound = OutboundQueue(socket: socket, maxQueuedBytes: configuration.maxQueuedBytes)
        var decoder = WebSocketFrameDecoder(role: role, maxFrameSize: configuration.maxFrameSize)
        decoder.feed(bufferedBytes)
        self.reader = Mutex(ReaderState(decoder: decoder, assembler: WebSocketMessageAssembler(maxMessageSize: configuration.maxMessageSize)))
        self.keepAlive = Mutex(configuration.pingInterval.map {
            KeepAliveSchedule(interval: $0, timeout: configuration.pongTimeout, start: .zero)
        })
        socket.setWriteTimeout(milliseconds: configuration.writeTimeout.milliseconds)
    }

    /// The peer's address.
    public var peer: SocketAddress? { socket.peer }

    /// How far sending has come: bytes accepted by sends, and bytes the socket has taken.
    public var outboundProgress: OutboundProgress { outbound.progress }

    /// Why sending stopped, if it has: `.peerTooSlow` when the peer stopped reading and was dropped.
    public var sendFailure: WebSocketConnectionError? { outbound.failure }

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
    /// answers the closing handshake, like `close(code:reason:)`.
    public func send(frame: WebSocketFrame) throws(WebSocketConnectionError) {
        if frame.opcode == .close {
            let payload = try? WebSocketClosePayload(frame.payload)
            close(code: payload?.code, reason: payload?.reason ?? "")
            return
        }
        let closing = lifecycle.withLock { $0.closeSent != nil || $0.ended != nil }
        // §5.5.1: after sending a close frame, no more data frames.
        guard !closing else { throw .closed }
        try write(frame)
    }

    /// Starts (or answers) the closing handshake. Returns at once; the reader sees the
    /// end, and TCP is dropped after `closeTimeout` if the peer never answers.
    public func close(code: WebSocketCloseCode? = .normalClosure, reason: String = "") {
        let (mustSend, completesHandshake) = lifecycle.withLock { state -> (Bool, Bool) in
            guard state.closeSent == nil, state.ended == nil else { return (false, false) }
            state.closeSent = (code, reason)
            return (true, state.closeReceived != nil)
        }
        guard mustSend else { return }
        try? write(.close(code: code, reason: reason))
        if completesHandshake, !configuration.answersControlFrames {
            // Frame mode: the caller relayed the peer's close back; the handshake is done.
            finishTransport()
            return
        }
        let deadline = DispatchTime.now() + .milliseconds(configuration.closeTimeout.milliseconds)
        DispatchQueue.global().asyncAfter(deadline: deadline) { [weak self] in
            guard let self, self.lifecycle.withLock({ $0.ended == nil }) else { return }
            self.socket.shutdown()
        }
    }

    private func write(_ frame: WebSocketFrame) throws(WebSocketConnectionError) {
        let key = role == .client ? WebSocketFrameEncoder.randomMaskingKey() : nil
        try outbound.send(WebSocketFrameEncoder.encode(frame, maskingKey: key))
    }

    // MARK: Receiving

    /// The next message, or `.closed` once the connection is over. Pings are answered,
    /// pongs consumed, a peer's close is echoed (§5.5).
    public func receive() -> WebSocketEvent {
        while true {
            switch receiveFrame() {
            case .ended(let info):
                return .closed(info)
            case .frame(let frame):
                switch frame.opcode {
                case .ping: try? write(WebSocketFrame(opcode: .pong, payload: frame.payload))
                case .pong, .close: continue
                case .text, .binary, .continuation:
                    if let message = reader.withLock({ $0.lastMessage }) { return .message(message) }
                }
            }
        }
    }

    /// The next validated frame, or `.ended` once the connection is over. In frame mode
    /// nothing is answered automatically: the caller relays pings, pongs and closes.
    public func receiveFrame() -> WebSocketFrameEvent {
        if let ended = lifecycle.withLock({ $0.ended }) { return .ended(ended) }
        while true {
            let decoded = reader.withLock { state -> Result<WebSocketFrame?, WebSocketProtocolError> in
                do throws(WebSocketProtocolError) {
                    state.lastMessage = nil
                    guard let frame = try state.decoder.next() else { return .success(nil) }
                    if !frame.opcode.isControl { state.lastMessage = try state.assembler.push(frame) }
                    return .success(frame)
                } catch {
                    return .failure(error)
                }
            }
            switch decoded {
            case .failure(let error):
                return .ended(fail(error.closeCode, reason: error.description))
            case .success(let frame?):
                return handle(frame)
            case .success(nil):
                if let ended = readMore() { return .ended(ended) }
            }
        }
    }

    private func handle(_ frame: WebSocketFrame) -> WebSocketFrameEvent {
        switch frame.opcode {
        case .pong:
            keepAlive.withLock { $0?.received(pong: frame.payload) }
        case .close:
            let payload: WebSocketClosePayload
            do throws(WebSocketProtocolError) { payload = try WebSocketClosePayload(frame.payload) } catch {
                return .ended(fail(error.closeCode, reason: error.description))
            }
            let alreadySent = lifecycle.withLock { state -> Bool in
                state.closeReceived = (payload.code, payload.reason)
                return state.closeSent != nil
            }
            if alreadySent {
                // We started the close; the peer's answer completes the handshake (§7.1.2).
                let info = lifecycle.withLock { state in
                    WebSocketCloseInfo(code: state.closeSent?.code, reason: state.closeSent?.reason ?? "",
                                       initiator: .local, wasClean: true)
                }
                finishTransport(info)
                return configuration.answersControlFrames ? .ended(info) : .frame(frame)
            }
            guard configuration.answersControlFrames else { return .frame(frame) }
            // §5.5.1: echo the status code received.
            close(code: payload.code, reason: payload.reason)
            let info = WebSocketCloseInfo(code: payload.code ?? .noStatusReceived, reason: payload.reason,
                                          initiator: .peer, wasClean: true)
            finishTransport(info)
            return .ended(info)
        default:
            break
        }
        return .frame(frame)
    }

    /// Reads from the socket into the decoder; returns how the connection ended if it did.
    private func readMore() -> WebSocketCloseInfo? {
        let count = reader.withLock { state -> Int in
            (try? state.decoder.feed(capacity: 65_536) { (buffer) throws(SocketError) -> Int in
                try socket.read(into: buffer)
            }) ?? 0
        }
        guard count == 0 else { return nil }
        // End of stream (or an error, or our own shutdown).
        let info = lifecycle.withLock { state -> WebSocketCloseInfo in
            if let ended = state.ended { return ended }
            if let failure = state.failure { return failure }
            if let sent = state.closeSent, state.closeReceived != nil {
                return WebSocketCloseInfo(code: sent.code, reason: sent.reason, initiator: .local, wasClean: true)
            }
            return WebSocketCloseInfo(code: .abnormalClosure, reason: "connection closed without a close frame",
                                      initiator: .peer, wasClean: false)
        }
        finishTransport(info)
        return info
    }

    /// Fails the connection (§7.1.7): send a close with `code`, then drop TCP.
    private func fail(_ code: WebSocketCloseCode, reason: String) -> WebSocketCloseInfo {
        let info = WebSocketCloseInfo(code: code, reason: reason, initiator: .local, wasClean: false)
        let shouldSend = lifecycle.withLock { state -> Bool in
            if state.failure == nil { state.failure = info }
            guard state.closeSent == nil else { return false }
            state.closeSent = (code, reason)
            return true
        }
        if shouldSend { try? write(.close(code: code, reason: String(decoding: reason.utf8.prefix(120), as: UTF8.self))) }
        finishTransport(info)
        return info
    }

    /// Flushes what is queued and ends TCP: the server closes first (§7.1.1); the client
    /// waits for the server's FIN, up to the close timeout.
    private func finishTransport(_ info: WebSocketCloseInfo? = nil) {
        let first = lifecycle.withLock { state -> Bool in
            guard state.ended == nil else { return false }
            state.ended = info ?? state.failure ?? WebSocketCloseInfo(
                code: state.closeSent?.code, reason: state.closeSent?.reason ?? "", initiator: .local, wasClean: true)
            return true
        }
        guard first else { return }
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

    /// Runs the keep-alive schedule (called periodically by the server's heartbeat).
    func keepAliveTick() {
        let now = ContinuousClock.now - started
        guard let action = keepAlive.withLock({ $0?.tick(now: now) }) else { return }
        switch action {
        case .sendPing(let payload):
            try? write(WebSocketFrame(opcode: .ping, payload: payload))
        case .timedOut:
            lifecycle.withLock { state in
                if state.failure == nil {
                    state.failure = WebSocketCloseInfo(code: .internalError, reason: "keepalive ping timeout",
                                                       initiator: .local, wasClean: false)
                }
            }
            close(code: .internalError, reason: "keepalive ping timeout")
            socket.shutdown()
        }
    }

    /// Whether the connection has ended.
    public var isEnded: Bool { lifecycle.withLock { $0.ended != nil } }
}

extension WebSocketConnection {
    /// Ends the TCP connection without a close frame, as a failing network would; the
    /// peer sees an abnormal closure (1006). For fault injection.
    public func dropWithoutClosing() {
        socket.shutdown()
    }
}
