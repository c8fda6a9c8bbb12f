/// Every tunable rule of the controllers in one value: the product defaults,
/// or a planted-bug variant per rule for the property tests.
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
    public var cycleDetection: CycleCompletionDetector.Variant
    /// The ice maker's bin-full rule.
    public var binFullDetection: BinFullDetector.Variant
    /// The coordinator's error and re-authentication rules.
    public var session: SessionState.Variant

    /// The product's rules unless given.
    public init(
        debounce: DebounceMachine.Configuration = DebounceMachine.Configuration(),
        doorAlert: DoorAlertMachine.Configuration = DoorAlertMachine.Configuration(),
        cycleDetection: CycleCompletionDetector.Variant = .correct,
        binFullDetection: BinFullDetector.Variant = .correct,
        session: SessionState.Variant = .correct
    ) {
        self.debounce = debounce
        self.doorAlert = doorAlert
        self.cycleDetection = cycleDetection
        self.binFullDetection = binFullDetection
        self.session = session
    }
}
