/// The simulator's tables from API.md: every enumerated value and range the
/// server validates. One place to change when API.md grows a mode or a cycle.
enum Catalog {
    static let ovenModes: Set<String> = [
        "bake", "roast", "broil_high", "broil_low", "convect", "convect_broil", "warm", "air_fry",
    ]
    static let ovenTemperatureRange = 170...550
    static let ovenIdleTemperature = 75
    static let ovenHeatingPerTick = 25
    static let ovenCoolingPerTick = 10

    static let fridgeTemperatureRange = 33...45
    static let freezerTemperatureRange = -10...10

    /// Dishwasher cycles and their length in minutes (one tick is one minute).
    static let dishwasherCycles: [String: Int] = [
        "normal": 120, "speed_wash": 60, "heavy": 150, "extra_rinse": 135,
        "sanitize": 140, "eco": 180, "rinse_only": 15, "pots_pans": 160,
    ]

    /// Ice production per tick for each rate.
    static let iceRates: [String: Int] = ["low": 1, "medium": 2, "high": 3]
    static let binCapacity = 100

    /// The compartments of a double oven, in snapshot order.
    static let doubleOvenCompartments: [(key: String, label: String)] = [("upper", "Upper Oven"), ("lower", "Lower Oven")]
}
