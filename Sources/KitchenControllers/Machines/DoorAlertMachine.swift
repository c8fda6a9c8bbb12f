/// The fridge door alert's rule, as a value: door updates and timer firings go
/// in, timers and alert changes come out.
///
/// - An open span starts at the server's `doorOpenedAt` when known (never later
///   than the update that reports it), else at the first "open" update seen.
/// - The alert is raised once per span, when the span has lasted `threshold`.
/// - Repeated "open" updates keep the span's start; one that reveals an earlier
///   `doorOpenedAt` moves the deadline earlier (it adds knowledge, it is not a restart).
/// - A "closed" update ends the span and clears a raised alert.
///
/// ```swift
/// var machine = DoorAlertMachine()
/// machine.update(isDoorOpen: true, openedAt: nil, at: t0)   // [.schedule(#1, at: t0 + 60 s)]
/// machine.timerFired(#1, at: t0 + 60 s)                     // [.raise(openFor: 60 s)]
/// machine.update(isDoorOpen: false, openedAt: nil, at: t1)  // [.cancelTimer, .clear]
/// ```
public struct DoorAlertMachine: Hashable, Sendable {
    /// The threshold and the rule.
    public struct Configuration: Hashable, Sendable {
        /// How long the door may stay open before the alert. Default 60 s.
        public var threshold: Duration
        /// The rule to follow; the product's unless a test plants a broken one.
        @HashableRule public var rule: any DoorAlertRule

        /// A configuration; the defaults are the product's.
        public init(threshold: Duration = .seconds(60), rule: any DoorAlertRule = StandardDoorAlertRule()) {
            self.threshold = threshold
            self.rule = rule
        }
    }

    /// Names one armed timer; a firing with an older id is ignored.
    public typealias TimerID = MachineTimerID

    /// What the shell must do.
    public enum Effect: Hashable, Sendable {
        /// Arm timer `id` for `deadline`, replacing any armed timer.
        case schedule(TimerID, at: MachineInstant)
        /// Disarm the armed timer.
        case cancelTimer
        /// Raise the alert; the door has been open for `openFor`.
        case raise(openFor: Duration)
        /// Clear the raised alert.
        case clear
    }

    /// The configuration this machine follows.
    public let configuration: Configuration
    /// When the current open span started; `nil` while the door is closed.
    public private(set) var openSince: MachineInstant?
    /// Whether the alert is raised.
    public private(set) var isAlertRaised = false
    private var timer = 0

    /// A machine for a closed door.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The server reported the door at `now`: open (since `openedAt`, when it says) or closed.
    public mutating func update(isDoorOpen: Bool, openedAt: MachineInstant?, at now: MachineInstant) -> [Effect] {
        guard isDoorOpen else { return close() }
        switch configuration.rule.openUpdate(current: openSince, openedAt: openedAt, at: now) {
        case .keep:
            return []
        case .start(let start):
            openSince = start
        case .restart(let start):
            openSince = start
            isAlertRaised = false
        }
        guard !isAlertRaised, let start = openSince else { return [] }
        let deadline = start.advanced(by: configuration.threshold)
        if hasReached(deadline, at: now) {
            isAlertRaised = true
            return [.raise(openFor: start.duration(to: now))]
        }
        return [.schedule(nextTimer(), at: alertInstant(for: deadline))]
    }

    /// Timer `id` fired at `now`.
    public mutating func timerFired(_ id: TimerID, at now: MachineInstant) -> [Effect] {
        guard id.number == timer, let start = openSince, !isAlertRaised else { return [] }
        guard hasReached(start.advanced(by: configuration.threshold), at: now) else {
            return [.schedule(nextTimer(), at: alertInstant(for: start.advanced(by: configuration.threshold)))]
        }
        isAlertRaised = true
        return [.raise(openFor: start.duration(to: now))]
    }

    private mutating func close() -> [Effect] {
        guard openSince != nil else { return [] }
        openSince = nil
        timer += 1
        defer { isAlertRaised = false }
        return isAlertRaised ? [.cancelTimer, .clear] : [.cancelTimer]
    }

    private mutating func nextTimer() -> TimerID {
        timer += 1
        return TimerID(number: timer)
    }

    private func hasReached(_ deadline: MachineInstant, at now: MachineInstant) -> Bool {
        configuration.rule.hasReached(deadline, at: now)
    }

    private func alertInstant(for deadline: MachineInstant) -> MachineInstant {
        configuration.rule.alertInstant(for: deadline)
    }
}
