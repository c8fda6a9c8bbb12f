import HarnessCore

/// One step from a value to a member or element, kept unrendered until a violation needs it.
enum InstancePathToken: Sendable {
    case key(String)
    case index(Int)
}

/// Walks an instance against a `SchemaGraph`, collecting every violation (JSON Schema
/// 2020-12 semantics for the supported keywords). Pointers are only built when a rule fails,
/// so a valid instance costs lookups and comparisons only.
struct SchemaEvaluator {
    let graph: SchemaGraph
    private(set) var path: [InstancePathToken]
    private(set) var violations: [SchemaViolation] = []

    init(graph: SchemaGraph, path: [InstancePathToken] = []) {
        self.graph = graph
        self.path = path
    }

    /// The instance location currently being checked, as a pointer.
    var pointer: JSONPointer {
        JSONPointer(tokens: path.map { token in
            switch token {
            case .key(let key): key
            case .index(let index): String(index)
            }
        })
    }

    mutating func report(
        _ node: SchemaNode, _ keyword: String, expected: String, found: String, member: String? = nil
    ) {
        var at = pointer
        if let member { at = at.appending(member) }
        violations.append(SchemaViolation(
            pointer: at, schemaPath: node.schemaPath + "/" + keyword, keyword: keyword, expected: expected, found: found))
    }

    mutating func absorb(_ other: [SchemaViolation]) {
        violations += other
    }

    /// Checks `value` against the node at `index`.
    mutating func evaluate(_ value: JSONValue, _ index: Int) {
        let node = graph.nodes[index]
        // Read fields through `node.rules` rather than copying the struct: a copy retains
        // every array and dictionary in it, which dominated the profile.
        if node.rules.isFalse {
            report(node, "false", expected: "nothing (the schema is false)", found: ValueWording.describe(value))
            return
        }
        if let reference = node.rules.reference { evaluate(value, reference) }
        if let types = node.rules.types, !types.admits(value) {
            report(node, "type", expected: ValueWording.alternatives(node.rules.typeNames),
                   found: ValueWording.describeWithType(value))
        }
        if let allowed = node.rules.enumValues, !node.rules.enumSet.contains(value) {
            report(node, "enum", expected: ValueWording.oneOf(allowed), found: ValueWording.describe(value))
        }
        if let constant = node.rules.constant, constant != value {
            report(node, "const", expected: constant.description, found: ValueWording.describe(value))
        }
        switch value {
        case .number(let number): if node.rules.hasNumberRules { checkNumber(number, node) }
        case .string(let text): if node.rules.hasStringRules { checkString(text, node) }
        case .array(let elements): checkArray(elements, node)
        case .object(let object): if node.rules.hasObjectRules { checkObject(object, node) }
        case .null, .bool: break
        }
        for branch in node.rules.allOf { evaluate(value, branch) }
        if node.rules.hasAlternatives { checkAlternatives(value, node) }
    }

    private mutating func checkNumber(_ number: JSONNumber, _ node: SchemaNode) {
        // "integer ≤ 550" reads better than "number ≤ 550" when the schema wants integers.
        func bound(_ relation: String, _ limit: JSONNumber) -> String {
            let noun = node.rules.types?.subtracting(.null) == .integer ? "integer" : "number"
            return "\(noun) \(relation) \(JSONValue.number(limit))"
        }
        func found() -> String { JSONValue.number(number).description }
        if let minimum = node.rules.minimum, number < minimum {
            report(node, "minimum", expected: bound("≥", minimum), found: found())
        }
        if let maximum = node.rules.maximum, maximum < number {
            report(node, "maximum", expected: bound("≤", maximum), found: found())
        }
        if let limit = node.rules.exclusiveMinimum, !(limit < number) {
            report(node, "exclusiveMinimum", expected: bound(">", limit), found: found())
        }
        if let limit = node.rules.exclusiveMaximum, !(number < limit) {
            report(node, "exclusiveMaximum", expected: bound("<", limit), found: found())
        }
    }

    private mutating func checkString(_ text: String, _ node: SchemaNode) {
        let (minLength, maxLength) = (node.rules.minLength, node.rules.maxLength)
        if minLength != nil || maxLength != nil {
            // JSON Schema Validation 2020-12 §6.3.1: length counts code points (Unicode scalars).
            let length = text.unicodeScalars.count
            func found() -> String { "\(ValueWording.describe(.string(text))) (\(length) characters)" }
            if let minimum = minLength, length < minimum {
                report(node, "minLength", expected: "at least \(minimum) characters", found: found())
            }
            if let maximum = maxLength, length > maximum {
                report(node, "maxLength", expected: "at most \(maximum) characters", found: found())
            }
        }
        // RFC 3339 §5.6 date-time, e.g. 2026-11-20T10:15:30.123Z.
        if node.rules.format == .dateTime, Timestamp.milliseconds(from: text) == nil {
            report(node, "format", expected: "RFC 3339 date-time", found: ValueWording.describe(.string(text)))
        }
    }

    private mutating func checkArray(_ elements: [JSONValue], _ node: SchemaNode) {
        if let minimum = node.rules.minItems, elements.count < minimum {
            report(node, "minItems", expected: "at least \(minimum) items", found: "\(elements.count) items")
        }
        if let maximum = node.rules.maxItems, elements.count > maximum {
            report(node, "maxItems", expected: "at most \(maximum) items", found: "\(elements.count) items")
        }
        if let items = node.rules.items {
            for (position, element) in elements.enumerated() {
                path.append(.index(position))
                evaluate(element, items)
                path.removeLast()
            }
        }
    }

    private mutating func checkObject(_ object: JSONObject, _ node: SchemaNode) {
        var requiredPresent = 0
        for member in object.members {
            if let property = node.rules.properties[member.key] {
                if property.isRequired { requiredPresent += 1 }
                path.append(.key(member.key))
                evaluate(member.value, property.node)
                path.removeLast()
                continue
            }
            switch node.rules.additionalProperties {
            case .allowed:
                break
            case .forbidden:
                report(node, "additionalProperties", expected: "no undeclared member",
                       found: ValueWording.describe(member.value), member: member.key)
            case .schema(let schema):
                path.append(.key(member.key))
                evaluate(member.value, schema)
                path.removeLast()
            }
        }
        if requiredPresent < node.rules.requiredInPropertiesCount || node.rules.requiredOutsideProperties {
            for name in node.rules.required where object[name] == nil {
                report(node, "required", expected: "required member", found: "absent", member: name)
            }
        }
    }
}
