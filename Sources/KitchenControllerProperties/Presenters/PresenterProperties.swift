import KitchenAPI
import KitchenControllers
import KitchenTesting

/// The dashboard lines of the presenters, over generated states.
public enum PresenterProperties {
    /// The presenters under test: the shipped ones unless a test plants others.
    public struct Presenters: Sendable {
        /// The oven's line.
        public var oven: @Sendable (OvenState) -> String = { OvenPresenter.dashboardStatus(for: $0) }
        /// The fridge's line.
        public var fridge: @Sendable (FridgeState, Bool) -> String = {
            FridgePresenter.dashboardStatus(for: $0, doorAlert: $1)
        }
        /// The dishwasher's line.
        public var dishwasher: @Sendable (DishwasherState) -> String = { DishwasherPresenter.dashboardStatus(for: $0) }
        /// The ice maker's line.
        public var iceMaker: @Sendable (IceMakerState) -> String = { IceMakerPresenter.dashboardStatus(for: $0) }
        /// The bin level's word.
        public var binLevel: @Sendable (Int) -> String = { IceMakerPresenter.binLevelLabel($0) }

        /// The shipped presenters.
        public init() {}
    }

    /// The reference lines, from each presenter's specification. (Labels come from
    /// the option tables: they are data, not the rule under test.)
    public static func expectedLines(_ state: DashboardCase) -> [String] {
        let oven = state.oven
        let ovenLine = !oven.isOn ? "Off"
            : oven.currentTemperature < oven.targetTemperature ? "Heating to \(oven.targetTemperature)°F"
            : oven.currentTemperature > oven.targetTemperature ? "Cooling to \(oven.targetTemperature)°F"
            : "\(OvenPresenter.modes.label(for: oven.mode)) · \(oven.targetTemperature)°F"
        let fridge = state.fridge
        let fridgeLine = (state.doorAlert ? "Door Open · " : "")
            + "\(fridge.currentTemperature)°F · Freezer \(fridge.freezerCurrentTemperature)°F"
        let dishwasher = state.dishwasher
        let cycle = dishwasher.cycle.map { " · " + DishwasherPresenter.cycles.label(for: $0) } ?? ""
        let dishwasherLine = switch dishwasher.status {
        case .idle: "Idle"
        case .running: "Running\(cycle) · \(dishwasher.remainingMinutes) min left"
        case .complete: "Complete\(cycle)"
        }
        let ice = state.iceMaker
        let iceLine = !ice.isOn ? "Off" : ice.isBinFull ? "Bin Full"
            : "Making Ice · \(IceMakerPresenter.productionRates.label(for: ice.productionRate))"
        let level = ice.binLevel < 25 ? "Low" : ice.binLevel < 75 ? "Medium" : "High"
        return [ovenLine, fridgeLine, dishwasherLine, iceLine, level]
    }

    /// For any state of each device: every dashboard line shows the fields its
    /// specification names (target, not current, in "Heating to"; currents on the fridge line).
    public static func dashboardLinesShowTheRightFields(_ presenters: Presenters = Presenters())
        -> ControllerProperty<DashboardCase>
    {
        ControllerProperty(name: "presenters: dashboard lines", generator: DashboardCase.generator) { state in
            let lines = [
                presenters.oven(state.oven), presenters.fridge(state.fridge, state.doorAlert),
                presenters.dishwasher(state.dishwasher), presenters.iceMaker(state.iceMaker),
                presenters.binLevel(state.iceMaker.binLevel),
            ]
            let names = ["oven", "fridge", "dishwasher", "ice maker", "bin level"]
            for (index, (got, want)) in zip(lines, expectedLines(state)).enumerated() {
                try expectEqual(got, want, "\(names[index]) line")
            }
        }
    }
}
