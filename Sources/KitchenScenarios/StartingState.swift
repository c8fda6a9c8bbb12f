import KitchenAPI

/// Reading the state a scenario starts from, and choosing commands that change it.
extension LiveSession {
    /// The latest state of an oven (or one compartment of a double oven).
    public func oven(_ id: String, compartment: String? = nil) throws -> OvenState {
        guard case .oven(let state)? = latest(id, compartment: compartment) else { throw missing(id, "oven") }
        return state
    }

    /// The latest state of a fridge.
    public func fridge(_ id: String) throws -> FridgeState {
        guard case .fridge(let state)? = latest(id) else { throw missing(id, "fridge") }
        return state
    }

    /// The latest state of a dishwasher.
    public func dishwasher(_ id: String) throws -> DishwasherState {
        guard case .dishwasher(let state)? = latest(id) else { throw missing(id, "dishwasher") }
        return state
    }

    /// The latest state of an ice maker.
    public func iceMaker(_ id: String) throws -> IceMakerState {
        guard case .iceMaker(let state)? = latest(id) else { throw missing(id, "ice maker") }
        return state
    }

    private func missing(_ id: String, _ kind: String) -> ScenarioError {
        .unexpected(step: "the live-update snapshot", detail: "it has no \(kind) state for \(id)")
    }
}

/// Values a command can set so that it changes the state: the scenario's preferred value,
/// unless that is the current one.
enum Differing {
    /// `preferred`, or the nearest value `step` away (up, else down) inside `range` when
    /// `preferred` equals `current`.
    static func value(_ preferred: Int, from current: Int, in range: ClosedRange<Int>, step: Int = 1) -> Int {
        guard preferred == current else { return preferred }
        return range.contains(preferred + step) ? preferred + step : preferred - step
    }

    /// `preferred`, or the first of `choices` that differs from `current`.
    static func choice(_ preferred: String, from current: String, among choices: [String]) -> String {
        preferred != current ? preferred : choices.first { $0 != current } ?? preferred
    }
}
