import HarnessCore

/// One step from a value to a member or element, kept unrendered until a violation needs it.
enum InstancePathToken: Sendable {
    case key(String)
    case index(Int)
}

/// Walks an instance against a `SchemaGraph`, collecting every violation (JSON Schema
/// 2020-12 semantics). Pointers are only built when a rule fails, and evaluated locations
/// are only collected under `unevaluated*`, so a valid instance costs lookups and
/// comparisons only.
struct SchemaEvaluator {
    let graph: SchemaGraph
    /// Whether violations are recorded with their words and pointers; without, only counted,
    /// and evaluation stops at the first (a verdict, as `isValid` needs).
    private(set) var detailed = true
    private(set) var path: [InstancePathToken] = []
    private(set) var violations: [SchemaViolation] = []
    /// Violations found so far (recorded or not).
    private(set) var failures = 0
    /// The schema resources entered, outermost first: the dynamic scope `$dynamicRef`
    /// searches (Core 2020-12 §7.1).
    private(set) var scope: [Int] = []

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
        _ node: SchemaNode, _ keyword: String, expected: @autoclosure () -> String, found: @autoclosure () -> String,
        member: String? = nil
    ) {
        failures += 1
        guard detailed else { return }
        var at = pointer
        if let member { at = at.appending(member) }
        violations.append(SchemaViolation(
            pointer: at, schemaPath: node.schemaPath + "/" + keyword, keyword: keyword, expected: expected(), found: found()))
    }

    mutating func absorb(_ other: [SchemaViolation]) {
        violations += other
        failures += other.count
    }

    /// Checks `value` against the node at `index`. With `collect`, returns the locations
    /// it evaluated when it passed (`nil` when it failed: a failing schema's annotations
    /// are dropped, Core §7.7.1.2).
    @discardableResult
    mutating func evaluate(_ value: JSONValue, _ index: Int, collect: Bool = false) -> EvaluatedLocations? {
        if !detailed, failures > 0 { return nil }
        // A verdict that needs no annotations and no dynamic scope is `SchemaVerdict`'s job.
        if !detailed, !collect, graph.dynamicAnchors.isEmpty, !graph.rules[index].needsEvaluatedLocations,
           graph.rules[index].dynamicReference == nil {
            let holds = graph.rules.withUnsafeBufferPointer { SchemaVerdict(graph: graph, rules: $0).holds(value, index) }
            if !holds { failures += 1 }
            return nil
        }
        let node = graph.nodes[index]
        // Read fields through `node.rules` rather than copying the struct: a copy retains
        // every array and dictionary in it, once for every value checked.
        if node.rules.isFalse {
            report(node, "false", expected: "nothing (the schema is false)", found: ValueWording.describe(value))
            return nil
        }
        // The dynamic scope matters only to `$dynamicRef`; without one, keeping it costs an allocation per instance.
        let entered = !graph.dynamicAnchors.isEmpty && scope.last != node.resource
        if entered { scope.append(node.resource) }
        defer { if entered { scope.removeLast() } }
        let start = failures
        var seen: EvaluatedLocations? = collect || node.rules.needsEvaluatedLocations ? EvaluatedLocations() : nil
        let collecting = seen != nil
        if let reference = node.rules.reference { seen.merge(evaluate(value, reference, collect: collecting)) }
        if let dynamic = node.rules.dynamicReference {
            seen.merge(evaluate(value, dynamicTarget(dynamic), collect: collecting))
        }
        if node.rules.hasValueRules { checkValue(value, node) }
        switch value {
        case .number(let number): if node.rules.hasNumberRules { checkNumber(number, node) }
        case .string(let text): if node.rules.hasStringRules { checkString(text, node) }
        case .array(let elements): if node.rules.hasArrayRules { checkArray(elements, node, &seen) }
        case .object(let object): if node.rules.hasObjectRules { checkObject(object, value, node, &seen) }
        case .null, .bool: break
        }
        if node.rules.hasApplicators {
            for branch in node.rules.allOf { seen.merge(evaluate(value, branch, collect: collecting)) }
            if let not = node.rules.not, passes(value, not).passed {
                report(node, "not", expected: "not to match the schema", found: ValueWording.describe(value))
            }
            if let conditional = node.rules.conditional { checkConditional(value, conditional, &seen) }
        }
        if node.rules.hasAlternatives { checkAlternatives(value, node, &seen) }
        if node.rules.needsEvaluatedLocations {
            switch value {
            case .object(let object): checkUnevaluatedMembers(object, node, &seen)
            case .array(let elements): checkUnevaluatedItems(elements, node, &seen)
            default: break
            }
        }
        return collect && failures == start ? seen : nil
    }

    /// The violations `value` would have against `branch`, in words, without recording them here.
    func violationsAside(_ value: JSONValue, _ branch: Int) -> [SchemaViolation] {
        var aside = SchemaEvaluator(graph: graph, path: path, scope: scope)
        aside.evaluate(value, branch)
        return aside.violations
    }

    /// Whether `value` satisfies `branch`, recording nothing, and what it evaluated when
    /// `collect` is set and it passed. Stops at the first violation.
    mutating func passes(_ value: JSONValue, _ branch: Int, collect: Bool = false) -> (passed: Bool, evaluated: EvaluatedLocations?) {
        let (savedFailures, savedDetailed) = (failures, detailed)
        (failures, detailed) = (0, false)
        let evaluated = evaluate(value, branch, collect: collect)
        let passed = failures == 0
        (failures, detailed) = (savedFailures, savedDetailed)
        return (passed, passed ? evaluated : nil)
    }

    /// Checks `value` at the child location `token` against `index`.
    mutating func evaluateChild(_ value: JSONValue, at token: InstancePathToken, _ index: Int) {
        // The path is only read to word a violation: a verdict does without it.
        let tracksPath = detailed
        if tracksPath { path.append(token) }
        evaluate(value, index)
        if tracksPath { path.removeLast() }
    }

    /// Where a `$dynamicRef` leads: with a dynamic anchor, the outermost resource in the
    /// dynamic scope that declares the same anchor; otherwise its static target (§8.2.3.2).
    private func dynamicTarget(_ reference: DynamicReference) -> Int {
        guard let name = reference.anchor, let declared = graph.dynamicAnchors[name] else { return reference.target }
        for resource in scope {
            if let node = declared[resource] { return node }
        }
        return reference.target
    }

    /// `type`, `enum` and `const`.
    private mutating func checkValue(_ value: JSONValue, _ node: SchemaNode) {
        if let types = node.rules.types, !types.admits(value) {
            report(node, "type", expected: ValueWording.alternatives(node.rules.typeNames),
                   found: ValueWording.describeWithType(value))
        }
        // A few values are compared in turn; hashing the instance costs more than that.
        if let allowed = node.rules.enumValues,
           !(allowed.count <= 8 ? allowed.contains(value) : node.rules.enumSet.contains(value)) {
            report(node, "enum", expected: ValueWording.oneOf(allowed), found: ValueWording.describe(value))
        }
        if let constant = node.rules.constant, constant != value {
            report(node, "const", expected: constant.description, found: ValueWording.describe(value))
        }
    }

    private mutating func checkConditional(
        _ value: JSONValue, _ conditional: Conditional, _ seen: inout EvaluatedLocations?
    ) {
        let condition = passes(value, conditional.condition, collect: seen != nil)
        if condition.passed {
            seen.merge(condition.evaluated)
            if let then = conditional.then { seen.merge(evaluate(value, then, collect: seen != nil)) }
        } else if let otherwise = conditional.otherwise {
            seen.merge(evaluate(value, otherwise, collect: seen != nil))
        }
    }
}
