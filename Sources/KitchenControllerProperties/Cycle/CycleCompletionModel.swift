import KitchenAPI
import KitchenControllers
import KitchenTesting

/// The reference model of cycle detection: completions are exactly the
/// running → complete steps of the sequence of statuses seen.
public enum CycleCompletionModel {
    /// The observation numbers (1-based; the initial load is 0) at which a cycle completes.
    public static func expectedCompletions(_ trace: DishwasherTrace) -> [Int] {
        let statuses = trace.statuses
        return zip(statuses, statuses.dropFirst()).enumerated().compactMap { index, pair in
            pair.0 == .running && pair.1 == .complete ? index + 1 : nil
        }
    }

    /// The observation numbers at which `detector` reports a completion.
    public static func detectedCompletions(_ trace: DishwasherTrace, rule: any CycleCompletionRule) -> [Int] {
        var detector = CycleCompletionDetector(rule: rule)
        return trace.statuses.enumerated().compactMap { index, status in
            detector.observe(status) ? index : nil
        }
    }
}

/// The cycle-detection property over the pure ``KitchenControllers/CycleCompletionDetector``.
public enum CycleCompletionProperties {
    /// For any sequence of states (duplicates, snapshots, stop and restart
    /// included): the completions are exactly the running → complete transitions.
    public static func completionsAreRunningToCompleteTransitions(
        _ rule: any CycleCompletionRule = StandardCycleCompletionRule()
    ) -> ControllerProperty<DishwasherTrace> {
        ControllerProperty(
            name: "cycle detection: running → complete only", generator: DishwasherTraceGenerators.trace()
        ) { trace in
            try expectEqual(CycleCompletionModel.detectedCompletions(trace, rule: rule),
                            CycleCompletionModel.expectedCompletions(trace), "completions at observations")
        }
    }
}
