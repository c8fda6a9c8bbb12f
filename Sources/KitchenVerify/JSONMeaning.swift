import HarnessCore
import KitchenContracts

/// One way the client's re-encoding of a value differs from the recorded JSON.
struct MeaningDifference: Sendable, Hashable {
    /// Where, inside the compared value.
    var pointer: JSONPointer
    /// What the recording says, in words.
    var expected: String
    /// What the client made of it, in words.
    var found: String
}

/// Compares recorded JSON with the client's re-encoding of what it decoded, **by meaning**:
/// object member order is irrelevant, numbers compare by value (`1` and `1.0` are equal),
/// and two RFC 3339 date-times are equal when they name the same millisecond (the client
/// reads any `date-time` and writes the canonical form). Everything else must be equal:
/// every member, every element, every value.
///
/// Members the re-encoding lacks are judged by the contract (see ``ContractMembers``):
/// a member the contract declares — required or optional — must come back, since dropping it
/// loses something the API promises; a member the contract does not declare is an additive
/// server change the client may ignore. Volatile members (`lastUpdated`, `sentAt`, tokens)
/// get no pass: they change between runs, but within one recording the client must keep
/// exactly what it read. Members the re-encoding adds are always differences.
///
/// ```swift
/// JSONMeaning.differences(recorded: ["a": 1, "b": 2.0], reencoded: ["b": 2, "a": 1], members: members)   // []
/// ```
enum JSONMeaning {
    /// Every difference, in recorded order, with pointers below `pointer`; empty when the two mean the same.
    static func differences(recorded expected: JSONValue, reencoded actual: JSONValue, at pointer: JSONPointer = .root,
                            members: ContractMembers) -> [MeaningDifference] {
        switch (expected, actual) {
        case (.object(let recorded), .object(let reencoded)):
            let kept = recorded.flatMap { member -> [MeaningDifference] in
                let location = pointer.appending(member.key)
                if let value = reencoded[member.key] {
                    return differences(recorded: member.value, reencoded: value, at: location, members: members)
                }
                switch members.kind(of: location) {
                case .required:
                    return [MeaningDifference(pointer: location, expected: "required member \"\(member.key)\" kept when the client re-encodes",
                                              found: "dropped by re-encoding")]
                case .optional:
                    return [MeaningDifference(
                        pointer: location, expected: "member \"\(member.key)\" (\(ValueWording.short(member.value))) kept when the client re-encodes",
                        found: "dropped by re-encoding")]
                case .undeclared:
                    return []
                }
            }
            return kept + reencoded.filter { recorded[$0.key] == nil }.map { member in
                MeaningDifference(pointer: pointer.appending(member.key), expected: "no member (the recording has none)",
                                  found: "\(ValueWording.short(member.value)) added by the client")
            }
        case (.array(let recorded), .array(let reencoded)):
            guard recorded.count == reencoded.count else {
                return [MeaningDifference(pointer: pointer, expected: "\(recorded.count) element(s)",
                                          found: "\(reencoded.count) element(s)")]
            }
            return zip(recorded, reencoded).enumerated().flatMap { index, pair in
                differences(recorded: pair.0, reencoded: pair.1, at: pointer.appending(index), members: members)
            }
        case (.string(let recorded), .string(let reencoded)) where sameInstant(recorded, reencoded):
            return []
        default:
            guard expected != actual else { return [] }
            return [MeaningDifference(pointer: pointer, expected: ValueWording.short(expected), found: ValueWording.short(actual))]
        }
    }

    /// Whether both strings are RFC 3339 date-times naming the same millisecond.
    static func sameInstant(_ left: String, _ right: String) -> Bool {
        guard let a = Timestamp.milliseconds(from: left), let b = Timestamp.milliseconds(from: right) else { return false }
        return a == b
    }
}
