import KitchenAPI
import KitchenControllers

/// Deliberately broken presenters the presenter property must catch; each
/// mixes up two fields that default states (target equal to current) cannot tell apart.
///
/// ```swift
/// PresenterProperties.dashboardLinesShowTheRightFields(PlantedPresenterBug.ovenShowsCurrentTemperature.presenters)
/// ```
public enum PlantedPresenterBug: String, Hashable, Sendable, CaseIterable {
    /// "Heating to" shows the current temperature instead of the target.
    case ovenShowsCurrentTemperature
    /// The fridge line shows the targets instead of the currents.
    case fridgeShowsTargets
    /// A full bin reads "Bin Full" even while the ice maker is off.
    case binFullBeforePower

    /// The shipped presenters with this one broken.
    public var presenters: PresenterProperties.Presenters {
        var presenters = PresenterProperties.Presenters()
        switch self {
        case .ovenShowsCurrentTemperature:
            presenters.oven = { state in
                guard state.isOn, state.currentTemperature < state.targetTemperature else {
                    return OvenPresenter.dashboardStatus(for: state)
                }
                return "Heating to \(state.currentTemperature)°F"
            }
        case .fridgeShowsTargets:
            presenters.fridge = { state, alert in
                var shown = state
                shown.currentTemperature = state.targetTemperature
                shown.freezerCurrentTemperature = state.freezerTargetTemperature
                return FridgePresenter.dashboardStatus(for: shown, doorAlert: alert)
            }
        case .binFullBeforePower:
            presenters.iceMaker = { state in
                state.isBinFull ? "Bin Full" : IceMakerPresenter.dashboardStatus(for: state)
            }
        }
        return presenters
    }
}
