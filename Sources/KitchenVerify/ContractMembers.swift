import HarnessCore
import KitchenContracts

/// What the contract says about each member of one recorded JSON value — required, optional,
/// or not declared at all — learned by asking the contract's own validator rather than by
/// reading schemas a second way:
///
/// - a member is **required** when the value without it breaks a rule at that member with
///   the member `absent` (`required`, or the discriminator of a WebSocket message);
/// - a member is **declared** when a value of another JSON type in its place breaks a rule
///   at or under it (the contract constrains it); a member the contract says nothing about
///   is one the server added later, which clients may ignore (API.md: additive changes).
///
/// ```swift
/// let members = ContractMembers(body) { schema.validate($0) }
/// members.kind(of: JSONPointer(tokens: ["mode"]))   // .required
/// members.requiredMembers                            // every required member, depth first
/// ```
struct ContractMembers {
    /// How the contract treats one member.
    enum Kind: Equatable {
        /// Always present; a body without it is invalid.
        case required
        /// Declared, and may be left out.
        case optional
        /// Not in the contract.
        case undeclared
    }

    let value: JSONValue
    private let validate: (JSONValue) -> [SchemaViolation]
    private let baseline: Set<SchemaViolation>

    /// The members of `value`, judged by `validate` (a response schema, or the channel's messages).
    init(_ value: JSONValue, validate: @escaping (JSONValue) -> [SchemaViolation]) {
        self.value = value
        self.validate = validate
        self.baseline = Set(validate(value))
    }

    /// How the contract treats the member at `pointer`.
    func kind(of pointer: JSONPointer) -> Kind {
        let withoutIt = validate(value.editing(at: pointer, to: nil))
        if withoutIt.contains(where: { $0.pointer == pointer && $0.found == "absent" && !baseline.contains($0) }) {
            return .required
        }
        guard let member = pointer.resolve(in: value) else { return .undeclared }
        let stranger: JSONValue = if case .object = member { .string("a value of another type") } else { ["another": "type"] }
        let retyped = validate(value.editing(at: pointer, to: stranger))
        let constrained = retyped.contains { violation in
            !baseline.contains(violation) && violation.pointer.tokens.starts(with: pointer.tokens)
        }
        return constrained ? .optional : .undeclared
    }

    /// Every member the contract requires, depth first (members of every array element included).
    var requiredMembers: [JSONPointer] {
        value.memberPointers.filter { kind(of: $0) == .required }
    }
}
