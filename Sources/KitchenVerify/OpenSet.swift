import HarnessCore
import KitchenAPI

/// An enum of the API that is open: the server may send a value this client has never seen,
/// and the client must read the rest of the answer anyway. Check 3 puts a new value in each
/// place these name and feeds the answer to the client.
///
/// The contracts list today's values; which enums stay open is API.md's rule that additive
/// changes are not breaking, applied where the app is built to cope: a new appliance type.
/// Every other enum (`status`, `mode`, `productionRate`, `cycle`, `compartment`) is treated
/// as closed — the app's logic depends on knowing its values.
struct OpenSet: Sendable {
    /// Which JSON holds the values.
    enum Holder: Sendable, Hashable {
        /// The 2xx body of an operation.
        case body(APIOperation)
        /// A server WebSocket message.
        case message
    }

    /// The set, in words.
    let name: String
    /// Where the rule comes from.
    let source: String
    /// Which JSON holds it.
    let holder: Holder
    /// Where the values sit: a JSON Pointer in which `*` stands for every array index.
    let pattern: [String]

    /// Every open set of the API.
    static let all: [OpenSet] = [
        OpenSet(name: "device type", source: "API.md: clients must tolerate additive changes; a new appliance type is one",
                holder: .body(.listDevices), pattern: ["*", "type"]),
        OpenSet(name: "message device type", source: "API.md: clients must tolerate additive changes; a new appliance type is one",
                holder: .message, pattern: ["deviceType"]),
    ]

    /// The value the probe puts there: no server will ever send it.
    static let newValue = "probe_new_appliance"

    /// The pointers of this set's values in `value`.
    func pointers(in value: JSONValue) -> [JSONPointer] {
        func walk(_ value: JSONValue, _ tokens: ArraySlice<String>, _ pointer: JSONPointer) -> [JSONPointer] {
            guard let token = tokens.first else { return [pointer] }
            switch value {
            case .array(let elements) where token == "*":
                return elements.enumerated().flatMap { walk($1, tokens.dropFirst(), pointer.appending($0)) }
            case .object(let object):
                return object[token].map { walk($0, tokens.dropFirst(), pointer.appending(token)) } ?? []
            default:
                return []
            }
        }
        return walk(value, pattern[...], .root)
    }
}
