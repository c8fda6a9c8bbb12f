import KitchenControllers
import KitchenTesting

/// The debounce properties over the pure ``DebounceMachine``.
public enum DebounceProperties {
    /// The value every trace starts from (the default oven's target).
    public static let initialTemperature = 350

    /// For any moves (every request answered at once): the calls are the last
    /// value of each burst, sent at the burst's end plus the quiet period.
    public static func callsAreLastValueOfEachBurst(
        _ configuration: DebounceMachine.Configuration = DebounceMachine.Configuration()
    ) -> ControllerProperty<SliderTrace> {
        ControllerProperty(
            name: "debounce: one call per burst, last value",
            generator: SliderTraceGenerators.trace(quietPeriod: configuration.quietPeriod, failures: false)
        ) { trace in
            let run = DebounceSimulation.run(trace, configuration: configuration, initial: initialTemperature)
            try expectEqual(run.calls, DebounceModel.expectedCalls(trace, quietPeriod: configuration.quietPeriod), "calls")
        }
    }

    /// For any moves and any answers (latency, failures): the calls are still
    /// one per burst, and the shown value is always the pending or newest
    /// confirmed one, never a stale one.
    public static func shownValueIsPendingOrLastConfirmed(
        _ configuration: DebounceMachine.Configuration = DebounceMachine.Configuration()
    ) -> ControllerProperty<SliderTrace> {
        ControllerProperty(
            name: "debounce: shown value with failing, slow answers",
            generator: SliderTraceGenerators.trace(quietPeriod: configuration.quietPeriod, failures: true)
        ) { trace in
            let run = DebounceSimulation.run(trace, configuration: configuration, initial: initialTemperature)
            try check(run, against: trace, quietPeriod: configuration.quietPeriod)
        }
    }

    /// Compares a run (pure or through the shell) with the model.
    public static func check(_ run: DebounceRun, against trace: SliderTrace, quietPeriod: Duration) throws {
        try expectEqual(run.calls, DebounceModel.expectedCalls(trace, quietPeriod: quietPeriod), "calls")
        for (index, shown) in run.shownAtObservations.enumerated() {
            let expected = DebounceModel.expectedShown(
                beforeMove: index, in: trace, quietPeriod: quietPeriod, initial: initialTemperature)
            let when = index < trace.moves.count ? "before move \(index + 1)" : "at the end"
            try expectEqual(shown.map(String.init) ?? "nothing", String(expected), "shown \(when)")
        }
    }
}
