import Dispatch

/// Waits on a condition that another thread signals, with a deadline instead of a sleep.
public final class Signal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    /// A signal not yet fired.
    public init() {}

    /// Fires the signal (once per waiter).
    public func fire() { semaphore.signal() }

    /// Whether the signal fired within `seconds`.
    public func wait(seconds: Int = 10) -> Bool { semaphore.wait(timeout: .now() + .seconds(seconds)) == .success }
}

/// A peer that misbehaved or could not be started.
public enum PeerError: Error, CustomStringConvertible {
    /// Its output was not what the protocol with it says.
    case malformed(String)

    public var description: String {
        switch self {
        case .malformed(let what): "malformed peer output: \(what)"
        }
    }
}
