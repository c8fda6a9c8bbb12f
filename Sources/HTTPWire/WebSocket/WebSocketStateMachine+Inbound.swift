extension WebSocketStateMachine {
    /// Bytes read from the socket; ignored once the connection is over.
    mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        guard !isEnded, !bytes.isEmpty else { return }
        _ = decoder.feed(capacity: bytes.count) { target in
            target.copyMemory(from: bytes)
            return bytes.count
        }
    }

    /// Bytes read from the socket; ignored once the connection is over.
    mutating func receive(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { receive($0) }
    }

    /// Decodes the bytes received so far until there is something for the app: the actions
    /// end with `.deliver` then, and without it when more bytes are needed. Once the
    /// connection is over, every call delivers how it ended. In message mode
    /// pings are answered and pongs consumed here; in frame mode every frame is delivered.
    mutating func nextDelivery(as mode: WebSocketReceiveMode) -> [Action] {
        var actions: [Action] = []
        while true {
            switch phase {
            case .ended(let info):
                return actions + [.deliver(.closed(info))]
            case .dropping(let info):
                actions = end(info, after: actions)
                continue
            case .open, .closeReceived, .closeSent:
                break
            }
            let frame: WebSocketFrame
            var message: WebSocketMessage?
            do throws(WebSocketProtocolError) {
                guard let next = try decoder.next() else {
                    try validateArrivedText()
                    return announcingDeadline(actions)
                }
                frame = next
                if !frame.opcode.isControl { message = try assembler.push(frame, assembling: mode == .messages) }
            } catch {
                actions = fail(error, after: actions)
                continue
            }
            if let delivery = handle(frame, completing: message, mode: mode, actions: &actions) {
                return announcingDeadline(actions + [.deliver(delivery)])
            }
        }
    }

    /// §8.1, failing fast: the bytes of a text frame that is still arriving are checked as they
    /// come, so invalid UTF-8 closes the connection (1007) before the rest of the frame is sent.
    private mutating func validateArrivedText() throws(WebSocketProtocolError) {
        guard let opcode = decoder.pendingOpcode, assembler.carriesText(opcode) else { return }
        let arrived = decoder.takeArrivedPayload()
        if !arrived.isEmpty { try assembler.validate(arrivedPayload: arrived, of: opcode) }
    }

    /// The peer ended TCP (or reading failed): the connection is over.
    mutating func endOfStream() -> [Action] {
        switch phase {
        case .ended(let info): [.deliver(.closed(info))]
        case .dropping(let info): end(info, after: []) + [.deliver(.closed(info))]
        case .open, .closeReceived, .closeSent:
            end(Self.closedWithoutCloseFrame, after: []) + [.deliver(.closed(Self.closedWithoutCloseFrame))]
        }
    }

    /// One decoded frame: what the app gets from it, if anything; answers go into `actions`.
    /// A frame that ends the connection delivers nothing itself: the caller then delivers the end.
    private mutating func handle(_ frame: WebSocketFrame, completing message: WebSocketMessage?, mode: WebSocketReceiveMode,
                                 actions: inout [Action]) -> WebSocketEvent? {
        // §5.5.1: nothing may follow a peer's close frame; whatever does is not delivered.
        if case .closeReceived = phase { return nil }
        switch frame.opcode {
        case .ping:
            guard mode == .messages else { return .frame(frame) }
            // §5.5.2: answer with a pong carrying the same data, unless our close went out already.
            if case .open = phase { actions.append(.write(WebSocketFrame(opcode: .pong, payload: frame.payload))) }
            return nil
        case .pong:
            // §5.5.3: a pong echoing the keep-alive ping's data answers it.
            keepAlive?.received(pong: frame.payload)
            return mode == .frames ? .frame(frame) : nil
        case .close:
            return handleClose(frame, mode: mode, actions: &actions)
        case .text, .binary, .continuation:
            return mode == .frames ? .frame(frame) : message.map(WebSocketEvent.message)
        }
    }

    private mutating func handleClose(_ frame: WebSocketFrame, mode: WebSocketReceiveMode, actions: inout [Action]) -> WebSocketEvent? {
        let payload: WebSocketClosePayload
        do throws(WebSocketProtocolError) { payload = try WebSocketClosePayload(frame.payload) } catch {
            actions = fail(error, after: actions)
            return nil
        }
        // A relay sees the close frame first; the end comes with its next call.
        let relays = mode == .frames && !configuration.answersControlFrames
        switch phase {
        case .closeSent(let code, let reason, _):
            // §7.1.2: the peer answered our close; the handshake is complete.
            actions = end(WebSocketCloseInfo(code: code, reason: reason, initiator: .local, wasClean: true), after: actions)
            return relays ? .frame(frame) : nil
        case .open where !configuration.answersControlFrames:
            // The app answers the close itself (a relay passes it on first).
            phase = .closeReceived(payload)
            return relays ? .frame(frame) : nil
        case .open:
            // §5.5.1: echo the status code received, then close TCP.
            actions.append(.write(.close(code: payload.code, reason: payload.reason)))
            actions = end(WebSocketCloseInfo(code: payload.code ?? .noStatusReceived, reason: payload.reason,
                                             initiator: .peer, wasClean: true), after: actions)
            return nil
        case .closeReceived, .dropping, .ended:
            return nil
        }
    }

    /// Fails the connection on a broken rule (§7.1.7): a close naming the rule, unless ours
    /// went out already, then TCP is finished.
    private mutating func fail(_ error: WebSocketProtocolError, after actions: [Action]) -> [Action] {
        if protocolFailure == nil { protocolFailure = error }
        var actions = actions
        if case .closeSent = phase {} else {
            actions.append(.write(.close(code: error.closeCode, reason: error.description)))
        }
        return end(WebSocketCloseInfo(code: error.closeCode, reason: error.description, initiator: .local, wasClean: false),
                   after: actions)
    }

    /// Ends the connection with `info`: TCP is finished (telling the app is the caller's part).
    private mutating func end(_ info: WebSocketCloseInfo, after actions: [Action]) -> [Action] {
        phase = .ended(info)
        return announcingDeadline(actions + [.finishTransport])
    }
}
