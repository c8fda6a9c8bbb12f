import Foundation
import KitchenAPI
import KitchenTesting

/// One generated state of every device type (and a door alert and bin level),
/// with targets and currents that differ more often than not, so a presenter
/// that shows the wrong field is seen.
public struct DashboardCase: Hashable, Sendable, CustomStringConvertible {
    /// An oven.
    public var oven: OvenState
    /// A fridge.
    public var fridge: FridgeState
    /// Whether the fridge's door alert is raised.
    public var doorAlert: Bool
    /// A dishwasher.
    public var dishwasher: DishwasherState
    /// An ice maker.
    public var iceMaker: IceMakerState

    /// Every field, one device a line.
    public var description: String {
        """
        oven on=\(oven.isOn) target=\(oven.targetTemperature) current=\(oven.currentTemperature) mode=\(oven.mode); \
        fridge target=\(fridge.targetTemperature) current=\(fridge.currentTemperature) \
        freezer target=\(fridge.freezerTargetTemperature) current=\(fridge.freezerCurrentTemperature) alert=\(doorAlert); \
        dishwasher \(dishwasher.status.rawValue) cycle=\(dishwasher.cycle ?? "nil") left=\(dishwasher.remainingMinutes); \
        ice on=\(iceMaker.isOn) rate=\(iceMaker.productionRate) level=\(iceMaker.binLevel) full=\(iceMaker.isBinFull)
        """
    }

    private static let date = Date(timeIntervalSince1970: 1_700_000_000)

    /// A temperature in `range`, and another at a small or large offset from it (often equal).
    static func pair(in range: ClosedRange<Int>) -> Gen<(Int, Int)> {
        Gen.zip(Gen.int(in: range), Gen.element(of: [0, 0, 1, -1, 2, -2, 15, -15, 120, -120])).map { $0 + $1 == $0 ? ($0, $0) : ($0, $0 + $1) }
    }

    /// Any case; modes, cycles and rates include keys the app's tables do not know.
    public static let generator: Gen<DashboardCase> = Gen.zip(
        Gen.zip(Gen.bool, pair(in: 170...550), Gen.element(of: ["bake", "air_fry", "convect_broil", "steam_bake"])),
        Gen.zip(pair(in: 33...45), pair(in: -10...10), Gen.bool),
        Gen.zip(Gen.element(of: DishwasherStatus.allCases), Gen.element(of: [nil, "eco", "pots_pans", "night_wash"]),
                Gen.int(in: 0...180)),
        Gen.zip(Gen.bool, Gen.element(of: ["low", "medium", "high", "turbo"]), Gen.int(in: 0...100), Gen.bool)
    ).map { ovenParts, fridgeParts, dishwasherParts, iceParts in
        let (isOn, temperatures, mode) = ovenParts
        let (fridgeTemperatures, freezerTemperatures, doorAlert) = fridgeParts
        let (status, cycle, minutes) = dishwasherParts
        let (iceOn, rate, level, full) = iceParts
        return DashboardCase(
            oven: OvenState(isOn: isOn, targetTemperature: temperatures.0, currentTemperature: temperatures.1, mode: mode,
                            lastUpdated: date),
            fridge: FridgeState(targetTemperature: fridgeTemperatures.0, currentTemperature: fridgeTemperatures.1,
                                freezerTargetTemperature: freezerTemperatures.0,
                                freezerCurrentTemperature: freezerTemperatures.1,
                                isDoorOpen: doorAlert, doorOpenedAt: nil, lastUpdated: date),
            doorAlert: doorAlert,
            dishwasher: DishwasherState(status: status, cycle: cycle, remainingMinutes: minutes, lastUpdated: date),
            iceMaker: IceMakerState(isOn: iceOn, productionRate: rate, binLevel: level, isBinFull: full, lastUpdated: date))
    }
}
