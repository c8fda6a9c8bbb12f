import Foundation
import KitchenAPI
import KitchenControllers
import Testing

struct PresenterTests {
    let date = Date(timeIntervalSince1970: 0)

    @Test func theTablesHoldTheAPIsValuesInDisplayOrder() {
        #expect(OvenPresenter.modes.keys == ["bake", "roast", "broil_high", "broil_low", "convect", "convect_broil",
                                             "warm", "air_fry"])
        #expect(DishwasherPresenter.cycles.keys == ["normal", "speed_wash", "heavy", "extra_rinse", "sanitize", "eco",
                                                    "rinse_only", "pots_pans"])
        #expect(IceMakerPresenter.productionRates.keys == ["low", "medium", "high"])
    }

    @Test func labelsComeFromTheTableAndUnknownKeysStayReadable() {
        #expect(OvenPresenter.modes.label(for: "convect_broil") == "Conv Broil")
        #expect(DishwasherPresenter.cycles.label(for: "pots_pans") == "Pots & Pans")
        #expect(OvenPresenter.modes.label(for: "steam_bake") == "Steam Bake")
        #expect(!OvenPresenter.modes.contains(key: "steam_bake"))
    }

    @Test(arguments: [
        (false, 75, 350, "bake", "Off"),
        (true, 75, 350, "bake", "Heating to 350°F"),
        (true, 400, 350, "bake", "Cooling to 350°F"),
        (true, 350, 350, "air_fry", "Air Fry · 350°F"),
    ])
    func ovenDashboardStatus(isOn: Bool, current: Int, target: Int, mode: String, expected: String) {
        let state = OvenState(isOn: isOn, targetTemperature: target, currentTemperature: current, mode: mode,
                              lastUpdated: date)
        #expect(OvenPresenter.dashboardStatus(for: state) == expected)
    }

    @Test(arguments: [
        (DishwasherStatus.idle, nil, 0, "Idle"),
        (.running, "eco", 42, "Running · Eco · 42 min left"),
        (.running, nil, 42, "Running · 42 min left"),
        (.complete, "speed_wash", 0, "Complete · Speed Wash"),
    ] as [(DishwasherStatus, String?, Int, String)])
    func dishwasherDashboardStatus(status: DishwasherStatus, cycle: String?, minutes: Int, expected: String) {
        let state = DishwasherState(status: status, cycle: cycle, remainingMinutes: minutes, lastUpdated: date)
        #expect(DishwasherPresenter.dashboardStatus(for: state) == expected)
    }

    @Test func iceMakerAndFridgeDashboardStatus() {
        var ice = IceMakerState.defaultIceMakerState
        #expect(IceMakerPresenter.dashboardStatus(for: ice) == "Making Ice · Medium")
        ice.isBinFull = true
        #expect(IceMakerPresenter.dashboardStatus(for: ice) == "Bin Full")
        ice.isOn = false
        #expect(IceMakerPresenter.dashboardStatus(for: ice) == "Off")
        #expect([0, 24, 25, 74, 75, 100].map(IceMakerPresenter.binLevelLabel) == ["Low", "Low", "Medium", "Medium", "High", "High"])
        #expect(FridgePresenter.dashboardStatus(for: .defaultFridgeState, doorAlert: false) == "37°F · Freezer 0°F")
        #expect(FridgePresenter.dashboardStatus(for: .defaultFridgeState, doorAlert: true) == "Door Open · 37°F · Freezer 0°F")
    }

    /// Adding a mode or a cycle is one new line in its table: the grid (the
    /// table's order), the labels, validation, the start button and the
    /// dashboard line all derive from it.
    @Test func aNewModeOrCycleIsOneLineInItsTable() {
        let modes = OvenPresenter.modes.appending(LabeledOption("steam", "Steam"))
        #expect(modes.keys.last == "steam")
        #expect(modes.contains(key: "steam"))
        let steaming = OvenState(isOn: true, targetTemperature: 212, currentTemperature: 212, mode: "steam", lastUpdated: date)
        #expect(OvenPresenter.dashboardStatus(for: steaming, modes: modes) == "Steam · 212°F")

        let cycles = DishwasherPresenter.cycles.appending(LabeledOption("delicate", "Delicate"))
        #expect(cycles.count == DishwasherPresenter.cycles.count + 1)
        #expect(DishwasherPresenter.startButtonTitle(for: "delicate", cycles: cycles) == "Start Delicate")
        let washing = DishwasherState(status: .running, cycle: "delicate", remainingMinutes: 30, lastUpdated: date)
        #expect(DishwasherPresenter.dashboardStatus(for: washing, cycles: cycles) == "Running · Delicate · 30 min left")
    }
}
