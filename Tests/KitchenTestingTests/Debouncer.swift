import HarnessCore

/// A main-actor controller in the shape the app's controllers have: every event
/// cancels the pending send and restarts a debounce sleep with `Task.immediate`.
@MainActor
final class Debouncer {
    private let clock: any SchedulingClock
    private let delay: Duration
    private var pending: Task<Void, Never>?
    private(set) var sent: [Int] = []

    init(clock: any SchedulingClock, delay: Duration = .milliseconds(500)) {
        self.clock = clock
        self.delay = delay
    }

    func receive(_ value: Int) {
        pending?.cancel()
        pending = Task.immediate { [clock, delay] in
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
            self.sent.append(value)
        }
    }
}
