import Synchronization
@testable import HTTPWire

extension Listener {
    /// Waits for the next connection, for a test's peer on a thread of its own. Returns `nil`
    /// once the listener is closed, which is noticed within a quarter second.
    package func accept() -> Socket? {
        while !closed.load(ordering: .acquiring) {
            guard Platform.waitReadable(descriptor, milliseconds: 250) else { continue }
            // Out of descriptors, or one aborted: keep waiting; the listener itself is fine.
            if case .accepted(let socket) = acceptWithoutBlocking() { return socket }
        }
        return nil
    }
}
