import Foundation
import HarnessCore
import KitchenContracts

/// A recorded answer changed in the three ways the API's rules speak of, each fed to the client:
///
/// 1. **an unknown member** added to every object — API.md: "Clients must tolerate unknown
///    fields". The client must read it, and read it as it reads the recorded answer (compared
///    by meaning; the added member may be dropped).
/// 2. **a new value of an open set** (``OpenSet``: a new device type) — the client must not
///    fail. In a list, every other element must come through as recorded; the element with
///    the new value may be kept as unknown or skipped.
/// 3. **each required member removed**, one at a time (required by the contract, see
///    ``ContractMembers``) — the client must refuse the answer. A client that fills in a
///    default reads a value the server never sent.
///
/// ```swift
/// let reading = ClientReading.body(of: .getOvenState, status: 200, schema: schema, client: .kitchenAPI)
/// ClientProbes.findings(recorded: body, reading: reading)   // [] for the real client
/// ```
enum ClientProbes {
    /// The member the first probe adds.
    static let addedMember = "probeAddedMember"

    /// What the client gets wrong on the probes of `recorded`; pointers are inside `recorded`.
    static func findings(recorded: JSONValue, reading: ClientReading) -> [MeaningDifference] {
        unknownMemberFindings(recorded, reading) + openSetFindings(recorded, reading) + missingMemberFindings(recorded, reading)
    }

    static func unknownMemberFindings(_ recorded: JSONValue, _ reading: ClientReading) -> [MeaningDifference] {
        let probe = recorded.addingToEveryObject(addedMember, ["added": true])
        let rule = "\(reading.subject) with an unknown member \"\(addedMember)\" in every object"
        switch reading.read(bytes(probe)) {
        case .value(let reencoded?):
            return JSONMeaning.differences(recorded: probe, reencoded: reencoded, members: ContractMembers(probe, validate: reading.validate))
                .map { MeaningDifference(pointer: $0.pointer, expected: "\(rule), read as recorded: \($0.expected)", found: $0.found) }
        case .value(nil):
            return []
        case .setAside(let what):
            return [MeaningDifference(pointer: .root, expected: "\(rule) read (API.md: clients must tolerate unknown fields)",
                                      found: "set aside as unknown: \(what)")]
        case .refused(let pointer, let reason):
            return [MeaningDifference(pointer: pointer, expected: "\(rule) read (API.md: clients must tolerate unknown fields)",
                                      found: "refused: \(reason)")]
        case .unencodable(let reason):
            return [MeaningDifference(pointer: .root, expected: "\(rule) read and re-encoded", found: "does not re-encode: \(reason)")]
        }
    }

    static func openSetFindings(_ recorded: JSONValue, _ reading: ClientReading) -> [MeaningDifference] {
        reading.openSets.flatMap { set in
            set.pointers(in: recorded).flatMap { pointer -> [MeaningDifference] in
                let probe = recorded.editing(at: pointer, to: .string(OpenSet.newValue))
                let rule = "\(reading.subject) with a new \(set.name) \"\(OpenSet.newValue)\" at \(pointer)"
                switch reading.read(bytes(probe)) {
                case .refused(let at, let reason):
                    return [MeaningDifference(pointer: at, expected: "\(rule) read (\(set.source))", found: "refused: \(reason)")]
                case .unencodable(let reason):
                    return [MeaningDifference(pointer: pointer, expected: "\(rule) read", found: "does not re-encode: \(reason)")]
                case .value(let reencoded?):
                    return restOfList(recorded, reencoded, newValueAt: pointer, reading: reading).map {
                        MeaningDifference(pointer: $0.pointer, expected: "\(rule), the rest read as recorded: \($0.expected)", found: $0.found)
                    }
                case .value(nil), .setAside:
                    return []
                }
            }
        }
    }

    /// When the new value sits in an element of a list: every other element as recorded, in
    /// order. The element holding the new value may be kept (as unknown) or skipped.
    private static func restOfList(_ recorded: JSONValue, _ reencoded: JSONValue, newValueAt pointer: JSONPointer,
                                   reading: ClientReading) -> [MeaningDifference] {
        let element = pointer.parent
        guard pointer.tokens.count >= 2, let last = element.tokens.last, Int(last) != nil else { return [] }
        let list = element.parent
        let member = JSONPointer(tokens: Array(pointer.tokens.suffix(from: element.tokens.count)))
        let expected = recorded.editing(at: element, to: nil)
        guard case .array(let elements)? = list.resolve(in: reencoded) else {
            return [MeaningDifference(pointer: list, expected: "a list", found: list.resolve(in: reencoded).map(ValueWording.short) ?? "absent")]
        }
        let others = JSONValue.array(elements.filter { member.resolve(in: $0) != .string(OpenSet.newValue) })
        return JSONMeaning.differences(recorded: expected, reencoded: reencoded.editing(at: list, to: others),
                                       members: ContractMembers(expected, validate: reading.validate))
    }

    static func missingMemberFindings(_ recorded: JSONValue, _ reading: ClientReading) -> [MeaningDifference] {
        ContractMembers(recorded, validate: reading.validate).requiredMembers.compactMap { pointer in
            let name = pointer.tokens.last ?? ""
            let expected = "\(reading.subject) without required member \"\(name)\" refused"
            switch reading.read(bytes(recorded.editing(at: pointer, to: nil))) {
            case .refused:
                return nil
            case .value(let reencoded):
                let filled = reencoded.flatMap { pointer.resolve(in: $0) }.map { ", with \(name) = \(ValueWording.short($0))" } ?? ""
                return MeaningDifference(pointer: pointer, expected: expected, found: "read anyway\(filled)")
            case .setAside(let what):
                return MeaningDifference(pointer: pointer, expected: expected, found: "set aside as unknown: \(what)")
            case .unencodable(let reason):
                return MeaningDifference(pointer: pointer, expected: expected, found: "read anyway; does not re-encode: \(reason)")
            }
        }
    }

    private static func bytes(_ value: JSONValue) -> Data { Data(JSONSerializer.bytes(value)) }
}
