import Foundation
import Synchronization

/// The WebSocket conversations being relayed, so that a failed recording can close them all
/// with 1011 instead of relaying messages it can no longer journal.
final class RelayRegistry: Sendable {
    private let relays = Mutex<[ObjectIdentifier: WebSocketRelay]>([:])

    func add(_ relay: WebSocketRelay) { relays.withLock { $0[ObjectIdentifier(relay)] = relay } }

    func remove(_ relay: WebSocketRelay) { relays.withLock { $0[ObjectIdentifier(relay)] = nil } }

    /// The conversations being relayed now.
    var current: [WebSocketRelay] { relays.withLock { Array($0.values) } }

    /// Closes every open conversation with 1011 (RFC 6455 §7.4.1, "unexpected condition").
    func abortAll() {
        for relay in current { relay.abortForFailedRecording() }
    }
}
