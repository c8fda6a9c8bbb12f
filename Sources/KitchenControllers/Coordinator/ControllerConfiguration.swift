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
    @HashableRule public var cycleDetection: any CycleCompletionRule
    /// The ice maker's bin-full rule.
    @HashableRule public var binFullDetection: any BinFullRule
    /// The coordinator's error and re-authentication rules.
    @HashableRule public var session: any SessionRule

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
