import Dispatch
import Foundation

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

extension Pipe {
    /// Reads what a child process writes until the text holds `marker` or the pipe ends, and
    /// returns all of it (for banners such as "listening on http://127.0.0.1:PORT").
    public func read(until marker: String) -> String {
        var text = ""
        while !text.contains(marker) {
            let data = fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return text
    }
}
