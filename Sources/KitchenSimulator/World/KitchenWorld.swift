import HarnessCore

/// Everything the simulated service knows: accounts, tokens, kitchens and
/// device states. A value type with no locking and no I/O: `Simulator`
/// guards it and turns its results into responses and broadcasts.
struct KitchenWorld: Sendable {
    struct Account: Sendable {
        let id: String
        let password: String
    }

    struct Token: Sendable {
        let username: String
        var expiresAt: Int64
        var isRevoked = false
    }

    /// A state that changed and must be broadcast to the owner's sockets.
    struct Change: Sendable {
        let device: Device
        let compartment: String?
        let state: DeviceState
    }

    let configuration: SimulatorConfiguration
    var clock: SimulationClock
    var accounts: [String: Account] = [:]
    var tokens: [String: Token] = [:]
    /// Every token ever issued, in order (the recorder's secret scan checks none leaks).
    var issuedTokens: [String] = []
    var devices: [String: Device] = [:]
    var kitchens: [String: [String]] = [:]
    var states: [StateKey: DeviceState] = [:]
    /// Every state key in creation order, so that a tick visits them deterministically.
    var stateOrder: [StateKey] = []
    /// Identifiers and tokens come from here …
    var identityRandom: SeededGenerator
    /// … and the household's random fridge-door openings from here, so that one does not shift the other.
    var householdRandom: SeededGenerator

    init(configuration: SimulatorConfiguration) {
        self.configuration = configuration
        self.clock = SimulationClock(
            manualStartMilliseconds: configuration.manualClock ? configuration.manualStartMilliseconds : nil)
        self.identityRandom = SeededGenerator(seed: configuration.seed)
        self.householdRandom = SeededGenerator(seed: configuration.seed ^ 0x5EED_D00D_F00D_CAFE)
        // In name order: dictionary order changes from run to run, and ids must not.
        for (username, password) in configuration.users.sorted(by: { $0.key < $1.key }) {
            accounts[username] = Account(id: "user-" + randomHex(8), password: password)
        }
    }

    var now: Int64 { clock.now }

    /// `count` random lowercase hex digits from the identity generator.
    mutating func randomHex(_ count: Int) -> String {
        var text = ""
        while text.count < count {
            text += String(UInt64.random(in: 0...UInt64.max, using: &identityRandom), radix: 16)
        }
        return String(text.suffix(count))
    }

    /// The devices of `username`'s kitchen in list order.
    func kitchen(of username: String) -> [Device] {
        (kitchens[username] ?? []).compactMap { devices[$0] }
    }

    /// Creates a kitchen on first login: a double oven, a single oven, a fridge, a dishwasher, an ice maker.
    mutating func createKitchenIfNeeded(for username: String) {
        guard kitchens[username] == nil else { return }
        let blueprint: [(DeviceKind, String, String, [(key: String, label: String)])] = [
            (.oven, "Double Oven", "KH-DO30", Catalog.doubleOvenCompartments),
            (.oven, "Wall Oven", "KH-WO27", []),
            (.fridge, "Refrigerator", "KH-FR36", []),
            (.dishwasher, "Dishwasher", "KH-DW24", []),
            (.iceMaker, "Ice Maker", "KH-IM15", []),
        ]
        var ids: [String] = []
        for (kind, name, model, compartments) in blueprint {
            var id = ""
            repeat { id = "\(kind.rawValue.replacing("_", with: "-"))-\(randomHex(6))" } while devices[id] != nil
            devices[id] = Device(id: id, owner: username, name: name, kind: kind, model: model, compartments: compartments)
            ids.append(id)
            let now = self.now
            switch kind {
            case .oven:
                for key in compartments.isEmpty ? [nil] : compartments.map({ Optional($0.key) }) {
                    insert(.oven(OvenState(lastUpdated: now)), at: StateKey(deviceID: id, compartment: key))
                }
            case .fridge: insert(.fridge(FridgeState(lastUpdated: now)), at: StateKey(deviceID: id, compartment: nil))
            case .dishwasher: insert(.dishwasher(DishwasherState(lastUpdated: now)), at: StateKey(deviceID: id, compartment: nil))
            case .iceMaker: insert(.iceMaker(IceMakerState(lastUpdated: now)), at: StateKey(deviceID: id, compartment: nil))
            }
        }
        kitchens[username] = ids
    }

    private mutating func insert(_ state: DeviceState, at key: StateKey) {
        states[key] = state
        stateOrder.append(key)
    }

    /// Every state of `username`'s kitchen in snapshot order (device list order, upper before lower).
    func snapshot(of username: String) -> [Change] {
        kitchen(of: username).flatMap { device in
            (device.isDoubleOven ? device.compartments.map { Optional($0.key) } : [nil]).compactMap { key in
                states[StateKey(deviceID: device.id, compartment: key)].map { Change(device: device, compartment: key, state: $0) }
            }
        }
    }
}
