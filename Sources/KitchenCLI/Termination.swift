import Dispatch
import Foundation
import Synchronization

/// Catches SIGINT and SIGTERM so a long-running command (serve, record, replay) can shut down
/// cleanly instead of dying. Create it before the command announces itself: a signal that
/// arrives after that is then always caught, never lost or fatal.
/// `@unchecked Sendable`: `sources` is set once in `init` and read only by `wait()`; `trigger` touches only
/// the semaphore and the locked name, both safe from any thread.
final class Termination: @unchecked Sendable {
    private let received = DispatchSemaphore(value: 0)
    private let name = Mutex("")
    private var sources: [any DispatchSourceSignal] = []

    init() {
        var installed: [any DispatchSourceSignal] = []
        let armed = DispatchSemaphore(value: 0)
        for (number, label) in ProcessPlatform.terminationSignals {
            // The documented pattern: turn the default action off, then let a dispatch source see it.
            ProcessPlatform.ignore(number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                name.withLock { $0 = label }
                received.signal()
            }
            // `resume()` arms the source later, on Dispatch's own thread; a signal that comes
            // before then meets the ignored default and is lost. So init returns only once both
            // sources are armed: a signal sent after the command announces itself is caught.
            source.setRegistrationHandler { armed.signal() }
            source.resume()
            installed.append(source)
        }
        for _ in installed { armed.wait() }
        sources = installed
    }

    /// Ends `wait()` from inside the program (a fault it cannot go on after), as a signal would.
    func trigger(_ reason: String) {
        name.withLock { $0 = reason }
        received.signal()
    }

    /// Blocks until SIGINT, SIGTERM or `trigger`; returns the signal's name or the reason.
    func wait() -> String {
        received.wait()
        for source in sources { source.cancel() }
        return name.withLock { $0 }
    }
}
