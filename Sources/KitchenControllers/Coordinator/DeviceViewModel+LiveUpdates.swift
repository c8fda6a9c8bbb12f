import KitchenAPI

// The live-update loop: `WebSocketProviding` connects and reconnects with
// backoff; the coordinator records what happens and routes state messages to
// the child that owns the device.
extension DeviceViewModel {
    /// Opens the live-update stream with the stored token and consumes it until
    /// it ends, is refused (4001), or ``stop()`` is called.
    func startLiveUpdates() {
        stopLiveUpdates()
        guard let token = tokenStore.token else {
            connectionState = .notConnected
            if session.recordWebSocketUnauthorized() {
                telemetry.record(.reauthenticationRequired(.webSocketUnauthorized))
            }
            gate.update(session)
            return
        }
        connectionState = .connecting
        let events = webSocket.events(token: token, isolation: #isolation)
        liveUpdates = Task.immediate { [weak self] in
            for await event in events {
                guard let self, self.handle(event) else { break }
            }
            self?.liveUpdatesEnded()
        }
    }

    func stopLiveUpdates() {
        liveUpdates?.cancel()
        liveUpdates = nil
    }

    /// Handles one event; returns `false` when the stream must stop.
    private func handle(_ event: LiveEvent) -> Bool {
        switch event {
        case .connected(let attempt):
            connectionState = .connected
            telemetry.record(.connectionConnected(attempt: attempt))
        case .message(let message):
            telemetry.record(.liveMessageReceived(
                deviceType: message.update.deviceKind,
                device: DeviceKey(deviceId: message.deviceId, compartment: message.compartment)))
            route(message)
        case .unreadable(let reason):
            unreadable(reason)
        case .disconnected(let code, let reason):
            connectionState = .disconnected
            telemetry.record(.connectionDisconnected(code: code, reason: reason))
        case .reconnecting(let attempt, let delay):
            connectionState = .reconnecting(attempt: attempt)
            telemetry.record(.connectionReconnecting(attempt: attempt, delay: delay))
        case .unauthorized:
            connectionState = .unauthorized
            if session.recordWebSocketUnauthorized() {
                telemetry.record(.reauthenticationRequired(.webSocketUnauthorized))
            }
            gate.update(session)
            return false
        }
        return true
    }

    private func liveUpdatesEnded() {
        if connectionState != .unauthorized {
            connectionState = .ended
        }
        telemetry.record(.connectionEnded)
    }

    /// Sends a state to the child that owns its device; a state for a device
    /// that is not in the list (or of another type) is counted and dropped.
    private func route(_ message: StateMessage) {
        let kind = message.update.deviceKind
        guard devices.contains(where: { $0.id == message.deviceId && $0.type == kind }) else {
            unreadable("state for unknown \(kind) \(message.deviceId)")
            return
        }
        switch message.update {
        case .oven(let state):
            oven.apply(state, to: DeviceKey(deviceId: message.deviceId, compartment: message.compartment), source: .live)
        case .fridge(let state):
            fridge.apply(state, deviceId: message.deviceId, source: .live)
        case .dishwasher(let state):
            dishwasher.apply(state, deviceId: message.deviceId, source: .live)
        case .iceMaker(let state):
            iceMaker.apply(state, deviceId: message.deviceId, source: .live)
        }
    }

    private func unreadable(_ reason: String) {
        unreadableMessageCount += 1
        telemetry.record(.unreadableMessage(reason: reason))
    }
}
