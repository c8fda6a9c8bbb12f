/// Every tunable rule of the controllers in one value: the product defaults,
/// or, for a test, a rule of its own (a planted bug) injected through each rule's protocol.
///
/// ```swift
/// var configuration = ControllerConfiguration()
/// configuration.doorAlert.threshold = .seconds(90)
/// let devices = DeviceViewModel(api: api, webSocket: live, tokenStore: tokens, configuration: configuration)
/// ```
public struct ControllerConfiguration: Hashable, Sendable {
    /// The oven slider's debounce (quiet period 500 ms).
    public var debounce: DebounceMachine.Configuration
    /// The fridge door alert (threshold 60 s).
    public var doorAlert: DoorAlertMachine.Configuration
    /// The dishwasher's completion rule.
    public var cycleDetection: any CycleCompletionRule
    /// The ice maker's bin-full rule.
    public var binFullDetection: any BinFullRule
    /// The coordinator's error and re-authentication rules.
    public var session: any SessionRule

    /// The product's rules unless given.
    public init(
        debounce: DebounceMachine.Configuration = DebounceMachine.Configuration(),
        doorAlert: DoorAlertMachine.Configuration = DoorAlertMachine.Configuration(),
        cycleDetection: any CycleCompletionRule = StandardCycleCompletionRule(),
        binFullDetection: any BinFullRule = StandardBinFullRule(),
        session: any SessionRule = StandardSessionRule()
    ) {
        self.debounce = debounce
        self.doorAlert = doorAlert
        self.cycleDetection = cycleDetection
        self.binFullDetection = binFullDetection
        self.session = session
    }
}

extension ControllerConfiguration {
    /// Equal when every rule and setting is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.debounce == rhs.debounce && lhs.doorAlert == rhs.doorAlert
            && AnyHashable(lhs.cycleDetection) == AnyHashable(rhs.cycleDetection)
            && AnyHashable(lhs.binFullDetection) == AnyHashable(rhs.binFullDetection)
            && AnyHashable(lhs.session) == AnyHashable(rhs.session)
    }

    /// Hashes every rule and setting.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(debounce)
        hasher.combine(doorAlert)
        hasher.combine(AnyHashable(cycleDetection))
        hasher.combine(AnyHashable(binFullDetection))
        hasher.combine(AnyHashable(session))
    }
}
