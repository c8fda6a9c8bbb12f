import KitchenAPI

// The debounced temperature slider: the shell that feeds `DebounceMachine` and
// performs its effects. Work starts with `Task.immediate` and waits only on the
// injected `SchedulingClock`, so on a virtual clock a timer is parked before
// `setTemperature` returns.
extension OvenViewModel {
    /// Moves the temperature slider: the shown target changes at once; the API
    /// gets one call per burst of moves, with the last value, once the slider has
    /// been still for the quiet period. On failure the shown target rolls back.
    public func setTemperature(_ degrees: Int, deviceId: String, compartment: String? = nil) {
        let key = DeviceKey(deviceId: deviceId, compartment: compartment)
        let effects = sliders[key, default: DebounceMachine(configuration: debounce)].slider(degrees, at: clock.machineNow)
        perform(effects, for: key)
    }

    /// Whether a slider burst is waiting or a temperature request is unanswered.
    public func hasPendingTemperatureChange(deviceId: String, compartment: String? = nil) -> Bool {
        sliders[DeviceKey(deviceId: deviceId, compartment: compartment)]?.isBusy ?? false
    }

    /// Drops every slider burst still waiting for its quiet period (see ``DebounceMachine/cancelBurst()``).
    func dropWaitingBursts() {
        for key in sliders.keys.sorted() {
            guard let effects = sliders[key]?.cancelBurst() else { continue }
            perform(effects, for: key)
        }
    }

    private func perform(_ effects: [DebounceMachine.Effect], for key: DeviceKey) {
        for effect in effects {
            switch effect {
            case .show(let degrees):
                ovenStates[key]?.targetTemperature = degrees
            case .schedule(let timer, let deadline):
                timers[key]?.cancel()
                timers[key] = clock.startTimer(until: deadline) { [weak self] in self?.timerFired(timer, for: key) }
            case .send(let degrees, let request):
                let task = Task.immediate { [weak self] in
                    guard let self else { return }
                    await self.sendTemperature(degrees, as: request, for: key)
                }
                // A synchronous API answers inside `Task.immediate`: keep only tasks still waiting.
                if sliders[key]?.isInFlight(request) == true {
                    requests[key, default: [:]][request] = task
                }
            case .adopt(let request):
                if var answer = answers[key]?[request] {
                    answer.targetTemperature = sliders[key]?.shown ?? answer.targetTemperature
                    ovenStates[key] = answer
                    telemetry.record(.stateApplied(deviceType: .oven, device: key, source: .command))
                }
            case .report(let error):
                errorHandler?(error)
            }
        }
    }

    private func timerFired(_ timer: DebounceMachine.TimerID, for key: DeviceKey) {
        timers[key] = nil
        guard let effects = sliders[key]?.timerFired(timer) else { return }
        perform(effects, for: key)
    }

    private func sendTemperature(_ degrees: Int, as request: DebounceMachine.RequestID, for key: DeviceKey) async {
        let outcome: DebounceMachine.Outcome
        do {
            let answer = try await send(.ovenTemperature(degrees), on: key) {
                try await $0.setOvenTemperature(deviceId: key.deviceId, compartment: key.compartment, temperature: degrees)
            }
            answers[key, default: [:]][request] = answer
            outcome = .confirmed(answer.targetTemperature)
        } catch {
            if let appError = AppError.from(error) {
                outcome = .failed(appError)
            } else {
                // The machine reports no cancellation; the coordinator still hears of it and ignores it.
                errorHandler?(error)
                outcome = .cancelled
            }
        }
        requests[key]?[request] = nil
        guard let effects = sliders[key]?.response(request, outcome) else { return }
        perform(effects, for: key)
        answers[key]?[request] = nil
    }
}
