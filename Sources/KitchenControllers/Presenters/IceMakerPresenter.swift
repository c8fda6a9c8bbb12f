import KitchenAPI

/// Display rules for ice makers: the table of production rates and the dashboard line.
///
/// ```swift
/// IceMakerPresenter.productionRates.label(for: "high")   // "High"
/// IceMakerPresenter.dashboardStatus(for: fullBin)        // "Bin Full"
/// ```
public enum IceMakerPresenter {
    /// Every production rate, in display order. Adding a rate is one line here.
    public static let productionRates: OptionTable = [
        LabeledOption("low", "Low"),
        LabeledOption("medium", "Medium"),
        LabeledOption("high", "High"),
    ]

    /// How full the bin looks: `Low` under 25 %, `Medium` under 75 %, else `High`.
    public static func binLevelLabel(_ level: Int) -> String {
        switch level {
        case ..<25: "Low"
        case ..<75: "Medium"
        default: "High"
        }
    }

    /// The dashboard line: `Off`, `Bin Full`, or `Making Ice · Medium`.
    public static func dashboardStatus(for state: IceMakerState, rates: OptionTable = productionRates) -> String {
        guard state.isOn else { return "Off" }
        if state.isBinFull { return "Bin Full" }
        return "Making Ice · \(rates.label(for: state.productionRate))"
    }
}
