import HarnessCore
import HTTPWire
import Synchronization

/// The open live-update sockets, by owner: broadcasts each state change to
/// its owner's sockets only, and closes sockets whose token died.
final class LiveUpdateHub: Sendable {
    struct Subscriber: Sendable {
        let connection: WebSocketConnection
        let username: String
        let token: String
    }

    private let subscribers = Mutex<[ObjectIdentifier: Subscriber]>([:])

    func add(_ subscriber: Subscriber) {
        subscribers.withLock { $0[ObjectIdentifier(subscriber.connection)] = subscriber }
    }

    func remove(_ connection: WebSocketConnection) {
        _ = subscribers.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    var count: Int { subscribers.withLock { $0.count } }

    /// Sends one `state` message per change to the sockets of the device's owner.
    func broadcast(_ changes: [KitchenWorld.Change], now: Int64) {
        guard !changes.isEmpty else { return }
        let targets = subscribers.withLock { Array($0.values) }
        guard !targets.isEmpty else { return }
        for change in changes {
            let owners = targets.filter { $0.username == change.device.owner }
            guard !owners.isEmpty else { continue }
            let text = Self.message(for: change, now: now)
            for owner in owners { try? owner.connection.send(text: text) }
        }
    }

    /// Sends the snapshot to one new socket.
    func sendSnapshot(_ states: [KitchenWorld.Change], to connection: WebSocketConnection, now: Int64) {
        for state in states { try? connection.send(text: Self.message(for: state, now: now)) }
    }

    /// Closes (code 4001, reason `unauthorized`) every socket opened with one of `tokens`.
    func closeConnections(usingTokens tokens: Set<String>) {
        guard !tokens.isEmpty else { return }
        for subscriber in subscribers.withLock({ Array($0.values) }) where tokens.contains(subscriber.token) {
            subscriber.connection.close(code: 4001, reason: "unauthorized")
        }
    }

    /// Drops sockets (of `username`, or all) without a close frame, as a failing network would.
    func drop(username: String?) -> Int {
        let victims = subscribers.withLock { $0.values.filter { username == nil || $0.username == username } }
        for victim in victims { victim.connection.dropWithoutClosing() }
        return victims.count
    }

    /// `{"type":"state","deviceId","deviceType","compartment","state","sentAt"}` (API.md).
    static func message(for change: KitchenWorld.Change, now: Int64) -> String {
        let value: JSONValue = [
            "type": "state", "deviceId": .string(change.device.id), "deviceType": .string(change.device.kind.rawValue),
            "compartment": change.compartment.map(JSONValue.string) ?? .null, "state": change.state.json,
            "sentAt": .string(Timestamp.format(milliseconds: now)),
        ]
        return JSONSerializer.string(value)
    }
}
