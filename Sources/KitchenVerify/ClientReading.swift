import Foundation
import HarnessCore
import KitchenAPI
import KitchenContracts

/// What the client made of one JSON text.
enum ReadOutcome {
    /// Decoded; the decoded value re-encoded with the client's own encoder (`nil` when the
    /// operation returns nothing).
    case value(JSONValue?)
    /// Read and set aside as something the client does not know (a message of an unknown
    /// type or device type), without failing.
    case setAside(String)
    /// Rejected, at `pointer` inside the text, for `reason`.
    case refused(pointer: JSONPointer, reason: String)
    /// Decoded, but the value does not encode again.
    case unencodable(String)
}

/// How the client under test reads one kind of recorded JSON — a 2xx body of an operation,
/// or a server's WebSocket message — together with the contract that kind of JSON answers
/// to and where the probes' open enums are. The round trip and the probes of check 3 both
/// read through this.
struct ClientReading {
    /// Reads the bytes as the client would.
    let read: (Data) -> ReadOutcome
    /// The contract's rules for this kind of JSON.
    let validate: (JSONValue) -> [SchemaViolation]
    /// What the reading is of, for messages: `a 200 body of listDevices`, `a state message`.
    let subject: String
    /// Where this kind of JSON holds values of an open set.
    let openSets: [OpenSet]

    /// A 2xx body of `operation`, held to `schema` (no rules when the contract has none).
    static func body(of operation: APIOperation, status: Int, schema: JSONSchema?, client: ClientUnderTest) -> ClientReading {
        ClientReading(
            read: { data in
                let value: ClientValue
                do {
                    value = try client.decodeBody(data, operation)
                } catch {
                    return .refused(pointer: DecodingFailure.pointer(of: error, under: .root), reason: DecodingFailure.reason(of: error))
                }
                do {
                    return .value(try value.encoded())
                } catch {
                    return .unencodable("\(error)")
                }
            },
            validate: { schema?.validate($0) ?? [] },
            subject: "a \(status) body of \(operation.rawValue)",
            openSets: OpenSet.all.filter { $0.holder == .body(operation) })
    }

    /// A server message on `channel`, held to the AsyncAPI document's messages.
    static func message(onChannel channel: String, contracts: ContractSet, client: ClientUnderTest) -> ClientReading {
        ClientReading(
            read: { data in
                switch client.decodeMessage(String(decoding: data, as: UTF8.self)) {
                case .state(let message):
                    do {
                        return .value(try JSONValue(parsing: Array(try KitchenJSON.makeEncoder().encode(message))))
                    } catch {
                        return .unencodable("\(error)")
                    }
                case .unknown(let type, let deviceType):
                    return .setAside("type \"\(type)\"" + (deviceType.map { ", deviceType \"\($0)\"" } ?? ""))
                case .malformed(let reason):
                    // The real decoder's coding path names the member; another client's falls back to the root.
                    var pointer = JSONPointer.root
                    do { _ = try KitchenJSON.makeDecoder().decode(IncomingMessage.self, from: data) } catch {
                        pointer = DecodingFailure.pointer(of: error, under: .root)
                    }
                    return .refused(pointer: pointer, reason: reason)
                }
            },
            validate: { contracts.asyncAPI.validateMessage($0, onChannel: channel).violations },
            subject: "a state message",
            openSets: OpenSet.all.filter { $0.holder == .message })
    }
}
