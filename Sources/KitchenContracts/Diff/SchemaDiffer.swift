import HarnessCore

/// Which way data flows through a schema; it decides whether widening or narrowing breaks.
/// Requests are read by the server (it must keep accepting what it accepted), responses by
/// clients (they must keep understanding what they receive).
enum DataDirection: Hashable {
    case request
    case response
}

/// A schema with its `$ref`s followed: the members that apply and where the schema lives.
struct ResolvedSchema {
    var members: JSONObject
    var pointer: JSONPointer
    /// `false` (accepts nothing) as opposed to an object or `true`.
    var isFalse: Bool

    /// The `type` names, `nil` when unconstrained.
    var typeNames: [String]? {
        switch members["type"] {
        case .string(let name)?: [name]
        case .array(let names)?: names.compactMap(\.stringValue)
        default: nil
        }
    }

    /// A few words for the schema as a whole (`integer`, `string or null`, `schema`).
    var summary: String {
        if isFalse { return "false" }
        return typeNames.map(ValueWording.alternatives) ?? "schema"
    }
}

/// Compares two schemas structurally, with references resolved on each side, and records
/// classified changes. Recursion goes through properties, items, additionalProperties and
/// allOf/anyOf/oneOf branches; a pair already on the comparison path is not entered again,
/// so recursive schemas terminate.
struct SchemaDiffer {
    let oldDocument: JSONValue
    let newDocument: JSONValue
    private(set) var changes: [ContractChange] = []
    /// The payload member that tells a channel's messages apart, while comparing message
    /// payloads; a changed fixed value of it at the payload's top level is a discriminator change.
    var rootDiscriminator: String?
    private(set) var inProgress: Set<[JSONPointer]> = []

    mutating func record(
        _ severity: ContractChange.Severity, _ kind: ContractChange.Kind, _ location: DiffLocation,
        old: String?, new: String?
    ) {
        changes.append(ContractChange(severity: severity, location: location.text, kind: kind, old: old, new: new))
    }

    /// The schema at `pointer` in one of the documents, `$ref`s followed (sibling keywords
    /// of a `$ref` are laid over its target).
    func resolve(_ pointer: JSONPointer, in document: JSONValue) -> ResolvedSchema {
        var location = pointer
        var overlays: [JSONObject] = []
        for _ in 0..<ContractReferences.maximumHops {
            switch location.resolve(in: document) {
            case .bool(let accepts)?:
                return ResolvedSchema(members: merged(overlays, onto: [:]), pointer: location, isFalse: !accepts)
            case .object(let object)?:
                guard let ref = object["$ref"]?.stringValue, let target = ContractReferences.resolve(ref,
                    in: document) else {
                    return ResolvedSchema(members: merged(overlays, onto: object), pointer: location, isFalse: false)
                }
                var rest = object
                rest["$ref"] = nil
                overlays.append(rest)
                location = target.pointer
            default:
                return ResolvedSchema(members: merged(overlays, onto: [:]), pointer: location, isFalse: false)
            }
        }
        return ResolvedSchema(members: [:], pointer: location, isFalse: false)
    }

    private func merged(_ overlays: [JSONObject], onto base: JSONObject) -> JSONObject {
        var result = base
        for overlay in overlays.reversed() {
            for member in overlay { result[member.key] = member.value }
        }
        return result
    }

    /// Compares the schemas at `old` and `new`. `isDiscriminator` marks a property whose
    /// fixed value tells messages or branches apart, so changing it is a discriminator change.
    mutating func compare(
        old oldPointer: JSONPointer, new newPointer: JSONPointer, at location: DiffLocation,
        direction: DataDirection, isDiscriminator: Bool = false
    ) {
        let old = resolve(oldPointer, in: oldDocument)
        let new = resolve(newPointer, in: newDocument)
        let key = [old.pointer, new.pointer, JSONPointer(tokens: [direction == .request ? "request" : "response"])]
        guard inProgress.insert(key).inserted else { return }
        defer { inProgress.remove(key) }
        if old.isFalse != new.isFalse {
            let severity: ContractChange.Severity = old.isFalse == (direction == .request) ? .additive : .breaking
            record(severity, .typeChanged, location, old: old.summary, new: new.summary)
            return
        }
        compareTypes(old, new, location, direction)
        compareValues(old, new, location, direction, isDiscriminator: isDiscriminator)
        compareBounds(old, new, location)
        compareFormat(old, new, location)
        compareObjects(old, new, location, direction)
        compareItems(old, new, location, direction)
        compareBranches(old, new, location, direction)
        compareDescriptions(old, new, location)
    }

    private mutating func compareTypes(
        _ old: ResolvedSchema, _ new: ResolvedSchema, _ location: DiffLocation, _ direction: DataDirection
    ) {
        let oldNames = old.typeNames
        let newNames = new.typeNames
        let at = location.appending("type")
        let oldCore = oldNames.map { Set($0).subtracting(["null"]) }
        let newCore = newNames.map { Set($0).subtracting(["null"]) }
        if oldCore != newCore {
            // Any change of the non-null type breaks someone: integer → number sends
            // fractions to clients that parse integers; number → integer refuses fractions.
            record(.breaking, .typeChanged, at, old: oldNames.map(ValueWording.alternatives) ?? "any",
                   new: newNames.map(ValueWording.alternatives) ?? "any")
            return
        }
        let oldNullable = oldNames?.contains("null") ?? true
        let newNullable = newNames?.contains("null") ?? true
        guard oldNullable != newNullable else { return }
        // A response field that becomes nullable (or stops being) breaks clients either way;
        // a request field that accepts null is a widening.
        let severity: ContractChange.Severity = direction == .request && newNullable ? .additive : .breaking
        record(severity, .nullabilityChanged, at, old: old.summary, new: new.summary)
    }

    private mutating func compareValues(
        _ old: ResolvedSchema, _ new: ResolvedSchema, _ location: DiffLocation, _ direction: DataDirection,
        isDiscriminator: Bool
    ) {
        let added: ContractChange.Severity = direction == .request ? .additive : .breaking
        let oldConst = old.members["const"]
        let newConst = new.members["const"]
        switch (oldConst, newConst) {
        case let (before?, after?) where before != after:
            record(.breaking, isDiscriminator ? .discriminatorChanged : .constChanged, location.appending("const"),
                   old: before.description, new: after.description)
        case (nil, let after?):
            record(.breaking, .constraintAdded, location.appending("const"), old: nil, new: after.description)
        case (let before?, nil):
            record(added, .constraintRemoved, location.appending("const"), old: before.description, new: nil)
        default:
            break
        }
        let at = location.appending("enum")
        switch (old.members["enum"]?.arrayValue, new.members["enum"]?.arrayValue) {
        case let (before?, after?) where isDiscriminator:
            if Set(before) != Set(after) {
                record(.breaking, .discriminatorChanged, at, old: ValueWording.oneOf(before), new: ValueWording.oneOf(after))
            }
        case let (before?, after?):
            let kept = Set(after)
            let known = Set(before)
            for value in before where !kept.contains(value) {
                record(.breaking, .enumValueRemoved, at, old: value.description, new: nil)
            }
            // A new value in a response reaches clients that decode the field as a closed
            // enumeration and fail on it; in a request the server merely accepts more.
            for value in after where !known.contains(value) {
                record(added, .enumValueAdded, at, old: nil, new: value.description)
            }
        case (nil, let after?):
            record(.breaking, .constraintAdded, at, old: nil, new: ValueWording.oneOf(after))
        case (let before?, nil):
            record(added, .constraintRemoved, at, old: ValueWording.oneOf(before), new: nil)
        case (nil, nil):
            break
        }
    }

    /// Lower bounds narrow when raised or added, upper bounds when lowered or added; the
    /// reverse widens. Both directions are classified alike (a narrowed response range still
    /// breaks clients that validate or size UI from it).
    private mutating func compareBounds(_ old: ResolvedSchema, _ new: ResolvedSchema, _ location: DiffLocation) {
        let lower = ["minimum", "exclusiveMinimum", "minLength", "minItems"]
        let upper = ["maximum", "exclusiveMaximum", "maxLength", "maxItems"]
        for keyword in lower + upper {
            let before = old.members[keyword].flatMap(boundValue)
            let after = new.members[keyword].flatMap(boundValue)
            let narrowed: Bool
            switch (before, after) {
            case (nil, nil): continue
            case (nil, _?): narrowed = true
            case (_?, nil): narrowed = false
            case let (before?, after?):
                guard before != after else { continue }
                narrowed = lower.contains(keyword) ? before < after : after < before
            }
            record(narrowed ? .breaking : .additive, narrowed ? .rangeNarrowed : .rangeWidened,
                   location.appending(keyword),
                   old: before.map { JSONValue.number($0).description }, new: after.map { JSONValue.number($0).description })
        }
    }

    private func boundValue(_ value: JSONValue) -> JSONNumber? {
        if case .number(let number) = value { return number }
        return nil
    }

    private mutating func compareFormat(_ old: ResolvedSchema, _ new: ResolvedSchema, _ location: DiffLocation) {
        let before = old.members["format"]?.stringValue
        let after = new.members["format"]?.stringValue
        guard before != after else { return }
        let at = location.appending("format")
        switch (before, after) {
        case (nil, _): record(.breaking, .constraintAdded, at, old: nil, new: after)
        case (_, nil): record(.additive, .constraintRemoved, at, old: before, new: nil)
        default: record(.breaking, .formatChanged, at, old: before, new: after)
        }
    }

    private mutating func compareDescriptions(_ old: ResolvedSchema, _ new: ResolvedSchema, _ location: DiffLocation) {
        for keyword in ["title", "description"] where old.members[keyword] != new.members[keyword] {
            record(.neutral, .descriptionChanged, location.appending(keyword),
                   old: old.members[keyword]?.description, new: new.members[keyword]?.description)
        }
    }
}

/// A place in a contract being compared: a readable prefix (`GET /devices → 200`) and a
/// pointer into the schema below it.
struct DiffLocation {
    var prefix: String
    var tokens: [String] = []

    func appending(_ token: String) -> DiffLocation {
        DiffLocation(prefix: prefix, tokens: tokens + [token])
    }

    /// `prefix → /pointer`, or just the prefix at the schema's root.
    var text: String {
        tokens.isEmpty ? prefix : prefix + " → " + JSONPointer(tokens: tokens).description
    }
}
