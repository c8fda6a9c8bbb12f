import Foundation
import HarnessCore

// Realistic, fixed values for mocks, previews and tests. The instants are
// constants (never `Date()`), so a test that compares against them is stable.

extension Date {
    /// The instant every default model was last updated: 2026-01-15T08:00:00.000Z.
    static let kitchenDefaultInstant = Timestamp.date(milliseconds: 1_768_464_000_000)
}

extension OvenState {
    /// An oven that is off and at room temperature, set to bake at 350 °F.
    public static let defaultOvenState = OvenState(
        isOn: false, targetTemperature: 350, currentTemperature: 75, mode: "bake",
        lastUpdated: .kitchenDefaultInstant)
}

extension FridgeState {
    /// A fridge at 37 °F and freezer at 0 °F, door closed.
    public static let defaultFridgeState = FridgeState(
        targetTemperature: 37, currentTemperature: 37,
        freezerTargetTemperature: 0, freezerCurrentTemperature: 0,
        isDoorOpen: false, doorOpenedAt: nil, lastUpdated: .kitchenDefaultInstant)
}

extension DishwasherState {
    /// An idle dishwasher with no cycle.
    public static let defaultDishwasherState = DishwasherState(
        status: .idle, cycle: nil, remainingMinutes: 0, lastUpdated: .kitchenDefaultInstant)

    /// A dishwasher that has just started its `normal` cycle: running, with the cycle's full
    /// 120 minutes left (the contract's answer to `POST …/dishwasher/start`).
    public static let startedDishwasherState = DishwasherState(
        status: .running, cycle: "normal", remainingMinutes: 120, lastUpdated: .kitchenDefaultInstant)
}

extension IceMakerState {
    /// An ice maker that is on at medium rate with a half-full bin.
    public static let defaultIceMakerState = IceMakerState(
        isOn: true, productionRate: "medium", binLevel: 50, isBinFull: false,
        lastUpdated: .kitchenDefaultInstant)
}

extension DeviceInfo {
    /// A kitchen like the one the server creates on first login: one double
    /// oven (compartments `upper`, `lower`), one single oven, one fridge, one
    /// dishwasher and one ice maker.
    public static let defaultDevices: [DeviceInfo] = [
        DeviceInfo(
            id: "oven-double-1", name: "Wall Oven", type: .oven, model: "KD-3000", isOnline: true,
            compartments: [Compartment(key: "upper", label: "Upper"), Compartment(key: "lower", label: "Lower")]),
        DeviceInfo(id: "oven-1", name: "Range Oven", type: .oven, model: "KR-1500", isOnline: true),
        DeviceInfo(id: "fridge-1", name: "Fridge", type: .fridge, model: "KF-800", isOnline: true),
        DeviceInfo(id: "dishwasher-1", name: "Dishwasher", type: .dishwasher, model: "KW-450", isOnline: true),
        DeviceInfo(id: "icemaker-1", name: "Ice Maker", type: .iceMaker, model: "KI-200", isOnline: true),
    ]
}

extension LoginResponse {
    /// A session for user `demo`, expiring an hour after the default instant.
    public static let defaultLoginResponse = LoginResponse(
        token: "mock-token",
        expiresAt: Timestamp.date(milliseconds: 1_768_467_600_000),
        user: User(id: "user-demo", username: "demo"))
}
