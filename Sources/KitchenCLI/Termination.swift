import Dispatch
import Foundation

/// Blocks until the process receives SIGINT or SIGTERM, so a long-running
/// command (serve, record, replay) can shut down cleanly instead of dying.
enum Termination {
    /// Waits for SIGINT or SIGTERM; returns the signal's name.
    static func wait() -> String {
        let received = DispatchSemaphore(value: 0)
        let name = LockedValue("")
        var sources: [any DispatchSourceSignal] = []
        for (number, label) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)  // let the dispatch source see it instead of the default handler
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                name.set(label)
                received.signal()
            }
            source.resume()
            sources.append(source)
        }
        received.wait()
        for source in sources { source.cancel() }
        return name.get()
    }
}

/// A value behind a lock, for handing results between threads.
final class LockedValue<Value: Sendable>: Sendable {
    private let lock = NSLock()
    // Guarded by `lock`: every access below takes it.
    nonisolated(unsafe) private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
