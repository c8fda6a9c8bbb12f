import VirtualTime

/// Counts what a long-running command did and says it: a line per event with `--verbose`,
/// otherwise the count every `interval`, only when it changed since last said.
///
/// A value type on its own time axis (offsets since the command started), fed events and
/// ticks; ``ProgressPrinter`` drives it from a clock. Tests drive it directly.
///
/// ```swift
/// var reporter = ProgressReporter(tally: ReplayTally(entries: 40), verbose: false, interval: .seconds(5))
/// _ = reporter.receive(.answered(request: request, entry: 3, status: 200), at: .seconds(1))
/// reporter.tick(at: .seconds(5))   // "replayed 1 request (1 matched, 0 unmatched), 39 of 40 entries unused"
/// reporter.tick(at: .seconds(10))  // nil: nothing changed
/// ```
struct ProgressReporter<Tally: ProgressTally>: Sendable {
    private(set) var tally: Tally
    /// A line per event instead of the periodic count.
    let verbose: Bool
    /// How often the count is due; `.zero` never.
    let interval: Duration
    /// When the count is next due.
    private(set) var nextDue: Duration
    /// The count as last said (at first, as it stood at the start: an idle command says nothing).
    private var lastSaid: String

    init(tally: Tally, verbose: Bool, interval: Duration) {
        self.tally = tally
        self.verbose = verbose
        self.interval = interval
        self.nextDue = interval
        self.lastSaid = tally.summary
    }

    /// Counts `event`; with `verbose`, the line to print for it.
    mutating func receive(_ event: Tally.Event, at offset: Duration) -> String? {
        let description = tally.note(event)
        guard verbose, let description else { return nil }
        return offset.offsetText + " " + description
    }

    /// The count, when it is due at `offset` and changed since it was last said.
    mutating func tick(at offset: Duration) -> String? {
        guard !verbose, interval > .zero, offset >= nextDue else { return nil }
        while nextDue <= offset { nextDue += interval }
        return sayIfChanged()
    }

    /// The count once more at the end, if it changed since it was last said.
    mutating func finish() -> String? {
        verbose ? nil : sayIfChanged()
    }

    private mutating func sayIfChanged() -> String? {
        let summary = tally.summary
        guard summary != lastSaid else { return nil }
        lastSaid = summary
        return summary
    }
}

/// What a command counts: events in, a line per event and a one-line summary out.
protocol ProgressTally: Sendable {
    associatedtype Event: Sendable
    /// Counts `event`; returns its line for `--verbose` (without the time), or nil if it has none.
    mutating func note(_ event: Event) -> String?
    /// The count so far, one line.
    var summary: String { get }
}

/// `1,234`: a count with its thousands grouped, the same in every locale.
func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return (number < 0 ? "-" : "") + result
}

/// `1 request`, `2 requests`.
func counted(_ number: Int, _ singular: String, _ plural: String) -> String {
    "\(grouped(number)) \(number == 1 ? singular : plural)"
}
