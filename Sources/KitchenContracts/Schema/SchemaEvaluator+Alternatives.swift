import HarnessCore

extension SchemaEvaluator {
    /// `oneOf` / `anyOf` (JSON Schema Core 2020-12 §10.2.1.2–3). With a discriminator and an
    /// object instance only the selected branch is checked, so its violations are reported
    /// as they are; otherwise every branch is tried and a failure reports how many matched
    /// plus the violations of the nearest branch.
    mutating func checkAlternatives(_ value: JSONValue, _ node: SchemaNode) {
        if let discriminator = node.rules.discriminator, case .object(let object) = value {
            checkDiscriminated(object, value, discriminator, node)
            return
        }
        if !node.rules.anyOf.isEmpty { checkAnyOf(value, node.rules.anyOf, node) }
        if !node.rules.oneOf.isEmpty { checkOneOf(value, node.rules.oneOf, node) }
    }

    private mutating func checkDiscriminated(
        _ object: JSONObject, _ value: JSONValue, _ discriminator: CompiledDiscriminator, _ node: SchemaNode
    ) {
        let expected = ValueWording.oneOf(discriminator.values.map(JSONValue.string))
        guard let selector = object[discriminator.propertyName] else {
            report(node, "discriminator", expected: expected, found: "absent", member: discriminator.propertyName)
            return
        }
        guard case .string(let name) = selector, let branch = discriminator.branches[name] else {
            report(node, "discriminator", expected: expected, found: ValueWording.describe(selector),
                   member: discriminator.propertyName)
            return
        }
        evaluate(value, branch)
    }

    private mutating func checkAnyOf(_ value: JSONValue, _ branches: [Int], _ node: SchemaNode) {
        var outcomes: [[SchemaViolation]] = []
        for branch in branches {
            let violations = evaluateAside(value, branch)
            if violations.isEmpty { return }
            outcomes.append(violations)
        }
        report(node, "anyOf", expected: "at least one of \(branches.count) schemas",
               found: "matches none of \(branches.count)")
        absorb(nearest(outcomes))
    }

    private mutating func checkOneOf(_ value: JSONValue, _ branches: [Int], _ node: SchemaNode) {
        var outcomes: [[SchemaViolation]] = []
        var matches = 0
        for branch in branches {
            let violations = evaluateAside(value, branch)
            if violations.isEmpty { matches += 1 }
            outcomes.append(violations)
        }
        switch matches {
        case 1:
            return
        case 0:
            report(node, "oneOf", expected: "exactly one of \(branches.count) schemas",
                   found: "matches none of \(branches.count)")
            absorb(nearest(outcomes))
        default:
            report(node, "oneOf", expected: "exactly one of \(branches.count) schemas",
                   found: "matches \(matches) of \(branches.count)")
        }
    }

    /// The violations `value` would have against `branch`, without recording them here.
    private func evaluateAside(_ value: JSONValue, _ branch: Int) -> [SchemaViolation] {
        var aside = SchemaEvaluator(graph: graph, path: path)
        aside.evaluate(value, branch)
        return aside.violations
    }

    /// The failing branch most likely meant: one whose type fits (or, failing that, whose
    /// `const` discriminators fit) and that has the fewest violations; the first on a tie.
    private func nearest(_ outcomes: [[SchemaViolation]]) -> [SchemaViolation] {
        let here = pointer
        func distance(_ violations: [SchemaViolation]) -> (Int, Int, Int) {
            let typeMiss = violations.contains { $0.keyword == "type" && $0.pointer == here } ? 1 : 0
            let constMiss = violations.count { $0.keyword == "const" && $0.pointer.parent == here }
            return (typeMiss, constMiss, violations.count)
        }
        return outcomes.min { distance($0) < distance($1) } ?? []
    }
}
