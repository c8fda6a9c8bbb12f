import Dispatch
import Synchronization

/// The WebSocket conversations being relayed, so that a failed recording can close them all
/// with 1011 instead of relaying messages it can no longer journal, and so that stopping lets
/// them finish closing first.
final class RelayRegistry: Sendable {
    private let relays = Mutex<[ObjectIdentifier: WebSocketRelay]>([:])
    /// Entered for each conversation added, left when it is removed.
    private let open = DispatchGroup()

    func add(_ relay: WebSocketRelay) {
        open.enter()
        relays.withLock { $0[ObjectIdentifier(relay)] = relay }
    }

    func remove(_ relay: WebSocketRelay) {
        relays.withLock { $0[ObjectIdentifier(relay)] = nil }
        open.leave()
    }

    /// The conversations being relayed now.
    var current: [WebSocketRelay] { relays.withLock { Array($0.values) } }

    /// Closes every open conversation with 1011 (RFC 6455 §7.4.1, "unexpected condition").
    func abortAll() {
        for relay in current { relay.abortForFailedRecording() }
    }

    /// Waits until every conversation has ended, for `timeout` at most.
    func waitUntilEnded(timeout: Duration) {
        _ = open.wait(timeout: .now() + .milliseconds(Int(timeout / .milliseconds(1))))
    }
}
