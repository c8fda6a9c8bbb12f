import KitchenAPI

/// Display rules for dishwashers: the table of cycles and the dashboard line.
///
/// ```swift
/// DishwasherPresenter.cycles.label(for: "pots_pans")      // "Pots & Pans"
/// DishwasherPresenter.dashboardStatus(for: runningState)  // "Running · Eco · 42 min left"
/// ```
public enum DishwasherPresenter {
    /// Every wash cycle, in display order. Adding a cycle is one line here.
    public static let cycles: OptionTable = [
        LabeledOption("normal", "Normal"),
        LabeledOption("speed_wash", "Speed Wash"),
        LabeledOption("heavy", "Heavy"),
        LabeledOption("extra_rinse", "Extra Rinse"),
        LabeledOption("sanitize", "Sanitize"),
        LabeledOption("eco", "Eco"),
        LabeledOption("rinse_only", "Rinse Only"),
        LabeledOption("pots_pans", "Pots & Pans"),
    ]

    /// The start button's title for `cycle`, e.g. `Start Eco`.
    public static func startButtonTitle(for cycle: String, cycles: OptionTable = cycles) -> String {
        "Start \(cycles.label(for: cycle))"
    }

    /// The dashboard line: `Idle`, `Running · Eco · 42 min left` (the cycle is
    /// left out when unknown), or `Complete · Eco`.
    public static func dashboardStatus(for state: DishwasherState, cycles: OptionTable = cycles) -> String {
        let cycleLabel = state.cycle.map { cycles.label(for: $0) }
        switch state.status {
        case .idle:
            return "Idle"
        case .running:
            let minutes = "\(state.remainingMinutes) min left"
            return (["Running"] + [cycleLabel].compactMap { $0 } + [minutes]).joined(separator: " · ")
        case .complete:
            return (["Complete"] + [cycleLabel].compactMap { $0 }).joined(separator: " · ")
        }
    }
}
