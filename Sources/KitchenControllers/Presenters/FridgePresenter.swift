import KitchenAPI

/// Display rules for fridges: the dashboard line.
///
/// ```swift
/// FridgePresenter.dashboardStatus(for: state, doorAlert: false)   // "37°F · Freezer 0°F"
/// FridgePresenter.dashboardStatus(for: state, doorAlert: true)    // "Door Open · 37°F · Freezer 0°F"
/// ```
public enum FridgePresenter {
    /// The API's fridge range in °F (API.md: 33…45).
    public static let fridgeTemperatureRange = 33...45
    /// The API's freezer range in °F (API.md: -10…10).
    public static let freezerTemperatureRange = -10...10

    /// The dashboard line; a raised door alert leads it.
    public static func dashboardStatus(for state: FridgeState, doorAlert: Bool) -> String {
        let temperatures = "\(state.currentTemperature)°F · Freezer \(state.freezerCurrentTemperature)°F"
        return doorAlert ? "Door Open · " + temperatures : temperatures
    }
}
