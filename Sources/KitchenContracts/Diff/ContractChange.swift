/// One difference between two versions of a contract, classified by what it does to
/// existing clients.
///
/// ```swift
/// change.description
/// // "BREAKING  POST /devices/{deviceId}/oven/power → 200 → /properties/mode: string → absent"
/// ```
public struct ContractChange: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// What the change does to clients written against the old version.
    public enum Severity: String, Sendable, Hashable, CaseIterable {
        /// Existing clients can fail.
        case breaking
        /// Existing clients keep working; new ones can do more.
        case additive
        /// Nothing on the wire changes (descriptions, summaries, ids).
        case neutral

        /// The fixed-width label that starts a description line: the name in capitals, eight wide.
        public var label: String {
            let name = rawValue.uppercased()
            return name + String(repeating: " ", count: 8 - name.count)
        }
    }

    /// What changed.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case operationRemoved, operationAdded, operationIdChanged
        case parameterRemoved, parameterAdded
        case requestBodyRemoved, requestBodyAdded
        case responseRemoved, responseAdded
        case bodyRemoved, bodyAdded
        case propertyRemoved, propertyAdded, requiredPropertyAdded
        case becameRequired, becameOptional
        case typeChanged, nullabilityChanged, formatChanged
        case enumValueRemoved, enumValueAdded, constChanged
        case rangeNarrowed, rangeWidened
        case constraintAdded, constraintRemoved
        case branchRemoved, branchAdded, discriminatorChanged
        case channelRemoved, channelAdded, messageRemoved, messageAdded, actionChanged
        case descriptionChanged
    }

    /// What the change does to existing clients.
    public var severity: Severity
    /// Where: an operation or channel, then a response or message, then a pointer into the
    /// schema (`GET /devices → 200 → /items/properties/type/enum`).
    public var location: String
    /// What changed.
    public var kind: Kind
    /// The old value in words; `nil` when the thing did not exist.
    public var old: String?
    /// The new value in words; `nil` when the thing no longer exists.
    public var new: String?

    /// A change with every field given.
    public init(severity: Severity, location: String, kind: Kind, old: String?, new: String?) {
        self.severity = severity
        self.location = location
        self.kind = kind
        self.old = old
        self.new = new
    }

    /// `BREAKING  <location>: <old> → <new>`, a missing side written `absent`.
    public var description: String {
        "\(severity.label)  \(location): \(old ?? "absent") → \(new ?? "absent")"
    }

    /// Ordered by location, then kind, then the values, so reports are stable.
    public static func < (lhs: ContractChange, rhs: ContractChange) -> Bool {
        (lhs.location, lhs.kind.rawValue, lhs.old ?? "", lhs.new ?? "")
            < (rhs.location, rhs.kind.rawValue, rhs.old ?? "", rhs.new ?? "")
    }
}
