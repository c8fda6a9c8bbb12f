import Dispatch
import Foundation

/// Catches SIGINT and SIGTERM so a long-running command (serve, record, replay) can shut down
/// cleanly instead of dying. Create it before the command announces itself: a signal that
/// arrives after that is then always caught, never lost or fatal.
/// `@unchecked Sendable`: `sources` is set once in `init` and read only by `wait()`; `trigger` touches only
/// the semaphore and the locked name, both safe from any thread.
final class Termination: @unchecked Sendable {
    private let received = DispatchSemaphore(value: 0)
    private let name = LockedValue("")
    private var sources: [any DispatchSourceSignal] = []

    init() {
        var installed: [any DispatchSourceSignal] = []
        for (number, label) in ProcessPlatform.terminationSignals {
            // The documented pattern: turn the default action off, then let a dispatch source see it.
            // Both happen here, before the command announces itself, so no signal can fall between.
            ProcessPlatform.ignore(number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [name, received] in
                name.set(label)
                received.signal()
            }
            source.resume()
            installed.append(source)
        }
        sources = installed
    }

    /// Ends `wait()` from inside the program (a fault it cannot go on after), as a signal would.
    func trigger(_ reason: String) {
        name.set(reason)
        received.signal()
    }

    /// Blocks until SIGINT, SIGTERM or `trigger`; returns the signal's name or the reason.
    func wait() -> String {
        received.wait()
        for source in sources { source.cancel() }
        return name.get()
    }
}

/// A value behind a lock, for handing results between threads.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // Unchecked: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
