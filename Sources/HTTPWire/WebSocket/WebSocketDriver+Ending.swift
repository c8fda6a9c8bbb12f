/// How a ``WebSocketDriver`` ends TCP: flushing what is queued, then draining, each for at most
/// the close timeout, and then closing the socket.
extension WebSocketDriver {
    // MARK: Ending

    /// The machine asked for TCP to end: what is queued goes out first (for at most the close
    /// timeout).
    func beginEnding() {
        guard let connection, case .open = ending else { return }
        ending = .flushing(until: connection.now + connection.configuration.closeTimeout)
        armEndingTimer()
        let drained = connection.state.withLock { !$0.waitsToWrite(over: connection.socket) }
        if drained { finishTransport() } else { updateInterest() }
    }

    /// §7.1.1: the server closes TCP first; the client waits for the server's FIN. Either way
    /// what still arrives is read and discarded, for at most the close timeout.
    func finishTransport() {
        guard let connection else { return }
        if connection.role == .server { connection.socket.shutdownWrite() }
        if connection.state.withLock({ $0.endOfStream }) { return closeNow() }
        ending = .draining(until: connection.now + connection.configuration.closeTimeout)
        armEndingTimer()
        updateInterest()
    }

    private func armEndingTimer() {
        guard let connection else { return }
        let deadline: Duration
        switch ending {
        case .flushing(let until), .draining(let until): deadline = until
        case .open, .closed: return
        }
        if let endingTimer { connection.eventLoop.cancelTimer(endingTimer) }
        endingTimer = connection.eventLoop.scheduleTimer(at: connection.opened + deadline) { [self] in
            endingTimer = nil
            switch ending {
            case .flushing: finishTransport()
            case .draining: closeNow()
            case .open, .closed: break
            }
        }
    }

    /// Closes the socket and tells whoever reads that the connection is over.
    func closeNow() {
        guard let connection else { return }
        if case .closed = ending {} else {
            ending = .closed
            let loop = connection.eventLoop
            for timer in [deadlineTimer?.token, writeTimer, endingTimer, receiveTimer].compactMap({ $0 }) {
                loop.cancelTimer(timer)
            }
            deadlineTimer = nil
            writeTimer = nil
            endingTimer = nil
            receiveTimer = nil
            if let token { loop.deregister(token) }
            token = nil
            connection.state.withLock { state in
                state.endOfStream = true
                if state.sendFailure == nil { state.sendFailure = .closed }
            }
            connection.socket.close()
            connection.onClose?()
        }
        if !deliveredEnd { deliver() }
        self.connection = nil
    }
}
