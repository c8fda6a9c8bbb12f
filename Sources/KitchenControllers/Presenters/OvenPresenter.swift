import KitchenAPI

/// Display rules for ovens: the table of cooking modes and the dashboard line.
///
/// ```swift
/// OvenPresenter.modes.label(for: "air_fry")        // "Air Fry"
/// OvenPresenter.dashboardStatus(for: heatingOven)  // "Heating to 350°F"
/// ```
public enum OvenPresenter {
    /// Every cooking mode, in display order. Adding a mode is one line here.
    public static let modes: OptionTable = [
        LabeledOption("bake", "Bake"),
        LabeledOption("roast", "Roast"),
        LabeledOption("broil_high", "Broil High"),
        LabeledOption("broil_low", "Broil Low"),
        LabeledOption("convect", "Convect"),
        LabeledOption("convect_broil", "Conv Broil"),
        LabeledOption("warm", "Warm"),
        LabeledOption("air_fry", "Air Fry"),
    ]

    /// The API's temperature range in °F (API.md: 170…550).
    public static let temperatureRange = 170...550

    /// The dashboard line: `Off`, `Heating to 350°F`, `Cooling to 300°F`, or
    /// `Bake · 350°F` once the oven is at its target.
    public static func dashboardStatus(for state: OvenState, modes: OptionTable = modes) -> String {
        guard state.isOn else { return "Off" }
        if state.currentTemperature < state.targetTemperature {
            return "Heating to \(state.targetTemperature)°F"
        }
        if state.currentTemperature > state.targetTemperature {
            return "Cooling to \(state.targetTemperature)°F"
        }
        return "\(modes.label(for: state.mode)) · \(state.targetTemperature)°F"
    }
}
