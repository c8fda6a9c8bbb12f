import HarnessCore
import Synchronization

/// The thin shell around a ``ProgressReporter``: takes events from any thread, stamps them
/// with `clock`, and ticks the reporter every interval from a task sleeping on that clock.
/// Everything goes to `write` (standard error: standard output may be piped).
///
/// ```swift
/// let progress = ProgressPrinter(ProgressReporter(tally: RecordTally(), verbose: false, interval: .seconds(5)),
///                                clock: ContinuousClock(), write: console.error)
/// progress.start()
/// configuration.observer = { progress.receive($0) }
/// …
/// progress.stop()
/// ```
final class ProgressPrinter<Tally: ProgressTally, C: Clock>: Sendable where C.Duration == Duration {
    private let clock: C
    private let started: C.Instant
    private let write: @Sendable (String) -> Void
    // One lock: events and ticks reach the reporter, and their lines the output, in one order.
    // Every connection thread takes it once per record: a sleeping lock, so that threads
    // waiting for it give their CPU to the proxy rather than spin (Synchronization.Mutex does).
    private let reporter: Mutex<ProgressReporter<Tally>>
    private let timer = Mutex<Task<Void, Never>?>(nil)
    private let interval: Duration

    init(_ reporter: ProgressReporter<Tally>, clock: C, write: @escaping @Sendable (String) -> Void) {
        self.clock = clock
        self.started = clock.now
        self.write = write
        self.interval = reporter.verbose ? .zero : reporter.interval
        self.reporter = Mutex(reporter)
    }

    /// Counts `event` (and with `--verbose` prints its line).
    func receive(_ event: Tally.Event) {
        let offset = started.duration(to: clock.now)
        say { $0.receive(event, at: offset) }
    }

    /// Starts the periodic count (nothing to do with `--verbose` or a zero interval).
    func start() {
        guard interval > .zero else { return }
        let task = Task { [self] in
            var due = started.advanced(by: interval)
            while true {
                do { try await clock.sleep(until: due, tolerance: nil) } catch { return }
                tick()
                due = due.advanced(by: interval)
            }
        }
        timer.withLock { $0 = task }
    }

    /// Stops the periodic count and prints the last one if it changed since it was printed.
    func stop() {
        timer.withLock { $0?.cancel() }
        say { $0.finish() }
    }

    private func tick() {
        let offset = started.duration(to: clock.now)
        say { $0.tick(at: offset) }
    }

    /// Takes one step of the reporter under its lock, and writes the line the step returns.
    private func say(_ step: (inout ProgressReporter<Tally>) -> String?) {
        reporter.withLock { reporter in
            if let line = step(&reporter) { write(line + "\n") }
        }
    }
}
