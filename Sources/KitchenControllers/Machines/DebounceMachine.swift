import KitchenAPI

/// The oven temperature slider's rule, as a value: slider moves, timer firings
/// and API answers go in; what to show, when to wake, what to send come out.
///
/// - The shown value follows the slider at once.
/// - One call per burst, carrying the burst's last value, when the slider has
///   been still for the quiet period (a `.schedule` replaces the earlier timer).
/// - An answer to the newest request shows the confirmed value; a failure rolls
///   back to the last confirmed value and is reported.
/// - An answer to an older request never overwrites a newer value: requests are
///   numbered, and only an answer newer than the last confirmed one counts.
///
/// ```swift
/// var machine = DebounceMachine(confirmed: 350)
/// machine.slider(360, at: t0)           // [.show(360), .schedule(#1, at: t0 + 500 ms)]
/// machine.slider(375, at: t0 + 100 ms)  // [.show(375), .schedule(#2, at: t0 + 600 ms)]
/// machine.timerFired(#1)                // [] (superseded)
/// machine.timerFired(#2)                // [.send(375, request #1)]
/// machine.response(#1, .confirmed(375)) // [.adopt(#1)]
/// ```
public struct DebounceMachine: Hashable, Sendable {
    /// The quiet period and the rule.
    public struct Configuration: Hashable, Sendable {
        /// How long the slider must be still before the value is sent. Default 500 ms.
        public var quietPeriod: Duration
        /// The rule to follow; the product's unless a test plants a broken one.
        @HashableRule public var rule: any DebounceRule

        /// A configuration; the defaults are the product's.
        public init(quietPeriod: Duration = .milliseconds(500), rule: any DebounceRule = StandardDebounceRule()) {
            self.quietPeriod = quietPeriod
            self.rule = rule
        }
    }

    /// Names one armed timer; a firing with an older id is ignored.
    public typealias TimerID = MachineTimerID

    /// Names one API request; answers carry it back.
    public struct RequestID: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The request's number, counting from 1.
        public var number: Int
        /// The request numbered `number`.
        public init(number: Int) { self.number = number }
        /// `request n`.
        public var description: String { "request \(number)" }
        /// Older requests first.
        public static func < (lhs: RequestID, rhs: RequestID) -> Bool { lhs.number < rhs.number }
    }

    /// What the shell must do.
    public enum Effect: Hashable, Sendable {
        /// Show this value.
        case show(Int)
        /// Arm the timer `id` for `deadline`, replacing any armed timer.
        case schedule(TimerID, at: MachineInstant)
        /// Send this value to the API as request `id` (always the last effect of a step).
        case send(Int, RequestID)
        /// The answer to `id` is the newest server state: take its other fields too.
        case adopt(RequestID)
        /// Tell the user about this failure.
        case report(AppError)
    }

    /// How a request ended.
    public enum Outcome: Hashable, Sendable {
        /// The server confirmed this value.
        case confirmed(Int)
        /// The request failed.
        case failed(AppError)
        /// The request's task was cancelled: roll back, report nothing.
        case cancelled
    }

    /// The configuration this machine follows.
    public let configuration: Configuration
    /// The value to show (`nil` until something is known).
    public private(set) var shown: Int?
    /// The newest value the server confirmed (or reported).
    public private(set) var confirmed: Int?
    /// The slider value waiting for the quiet period, if a burst is under way.
    public private(set) var pending: Int?
    private var burstFirst: Int?
    private var confirmedRequest = 0
    private var timer = 0
    private var lastRequest = 0
    private var inFlight: [Int: Int] = [:]

    /// A machine showing `confirmed` (if known).
    public init(configuration: Configuration = Configuration(), confirmed: Int? = nil) {
        self.configuration = configuration
        self.confirmed = confirmed
        self.shown = confirmed
    }

    /// Whether a burst is waiting or a request is unanswered.
    public var isBusy: Bool { pending != nil || !inFlight.isEmpty }

    /// Whether request `id` was sent and has no answer yet.
    public func isInFlight(_ id: RequestID) -> Bool { inFlight[id.number] != nil }

    /// The slider moved to `value` at `now`.
    public mutating func slider(_ value: Int, at now: MachineInstant) -> [Effect] {
        if pending == nil { burstFirst = value }
        pending = value
        timer += 1
        return showIfChanged() + [.schedule(TimerID(number: timer), at: now.advanced(by: configuration.quietPeriod))]
    }

    /// Timer `id` fired: if it is the armed one, the burst is over and its value goes out.
    public mutating func timerFired(_ id: TimerID) -> [Effect] {
        guard id.number == timer, let last = pending else { return [] }
        let value = configuration.rule.valueToSend(burstFirst: burstFirst ?? last, burstLast: last)
        pending = nil
        burstFirst = nil
        lastRequest += 1
        inFlight[lastRequest] = value
        return showIfChanged() + [.send(value, RequestID(number: lastRequest))]
    }

    /// Request `id` ended with `outcome`. Unknown or repeated answers are ignored.
    public mutating func response(_ id: RequestID, _ outcome: Outcome) -> [Effect] {
        guard inFlight.removeValue(forKey: id.number) != nil else { return [] }
        var effects: [Effect] = []
        switch outcome {
        case .confirmed(let value):
            if configuration.rule.adoptsAnswer(id.number, newestConfirmed: confirmedRequest) {
                confirmed = value
                confirmedRequest = max(confirmedRequest, id.number)
                effects.append(.adopt(id))
            }
        case .failed(let error):
            effects.append(.report(error))
        case .cancelled:
            break
        }
        return showIfChanged() + effects
    }

    /// The user left the screen: a burst still waiting is dropped, never sent
    /// (a late firing of its timer is ignored), and the newest confirmed value is
    /// shown again. A request in flight ends with its answer (or `.cancelled`).
    public mutating func cancelBurst() -> [Effect] {
        guard pending != nil else { return [] }
        pending = nil
        burstFirst = nil
        timer += 1
        return showIfChanged()
    }

    /// The server reported `value` some other way (initial load, live update,
    /// another command's answer). It becomes the confirmed value, and is shown
    /// unless the user's newer value is still waiting or in flight.
    public mutating func serverReported(_ value: Int) -> [Effect] {
        confirmed = value
        if !configuration.rule.burstSurvivesServerReport() {
            pending = nil
            burstFirst = nil
        }
        return showIfChanged()
    }

    /// The value the rule says to show now: the user's value while it is live,
    /// else the newest confirmed one.
    private var displayed: Int? {
        if let pending { return pending }
        if let newest = inFlight[lastRequest] { return newest }
        return confirmed
    }

    private mutating func showIfChanged() -> [Effect] {
        let now = displayed
        guard now != shown else { return [] }
        shown = now
        return now.map { [.show($0)] } ?? []
    }
}
