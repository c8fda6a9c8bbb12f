import HarnessCore

extension SchemaEvaluator {
    /// `oneOf` / `anyOf` (JSON Schema Core 2020-12 §10.2.1.2–3). A discriminator is a hint
    /// only: on an object instance it names the branch whose violations are reported, but
    /// `oneOf` must still hold exactly, so an object that also matches another branch is
    /// refused. Without one, every branch is tried and a failure reports how many matched
    /// plus the violations of the nearest branch.
    mutating func checkAlternatives(_ value: JSONValue, _ node: SchemaNode, _ seen: inout EvaluatedLocations?) {
        if let discriminator = node.rules.discriminator, case .object(let object) = value {
            checkDiscriminated(object, value, discriminator, node, &seen)
            return
        }
        if !node.rules.anyOf.isEmpty { checkAnyOf(value, node.rules.anyOf, node, &seen) }
        if !node.rules.oneOf.isEmpty { checkOneOf(value, node.rules.oneOf, node, &seen) }
    }

    private mutating func checkDiscriminated(
        _ object: JSONObject, _ value: JSONValue, _ discriminator: CompiledDiscriminator, _ node: SchemaNode,
        _ seen: inout EvaluatedLocations?
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
        let start = failures
        seen.merge(evaluate(value, branch, collect: seen != nil))
        guard failures == start, !node.rules.oneOf.isEmpty else { return }
        // The named branch holds; `oneOf` still needs every other branch to fail.
        let branches = node.rules.oneOf
        var matches = 0
        for other in branches where other == branch || passes(value, other).passed { matches += 1 }
        if matches > 1 {
            report(node, "oneOf", expected: "exactly one of \(branches.count) schemas",
                   found: "matches \(matches) of \(branches.count)")
        }
    }

    private mutating func checkAnyOf(_ value: JSONValue, _ branches: [Int], _ node: SchemaNode, _ seen: inout EvaluatedLocations?) {
        var matched = false
        for branch in branches {
            let outcome = passes(value, branch, collect: seen != nil)
            if outcome.passed {
                matched = true
                // Every passing branch's annotations count (§10.2.1.2), so go on only when collecting.
                guard seen != nil else { return }
                seen.merge(outcome.evaluated)
            }
        }
        if matched { return }
        report(node, "anyOf", expected: "at least one of \(branches.count) schemas",
               found: "matches none of \(branches.count)")
        if detailed { absorbNearest(value, branches) }
    }

    private mutating func checkOneOf(_ value: JSONValue, _ branches: [Int], _ node: SchemaNode, _ seen: inout EvaluatedLocations?) {
        var matches = 0
        var matchedLocations: EvaluatedLocations?
        for branch in branches {
            let outcome = passes(value, branch, collect: seen != nil)
            if outcome.passed {
                matches += 1
                matchedLocations = outcome.evaluated
            }
        }
        switch matches {
        case 1:
            seen.merge(matchedLocations)
        case 0:
            report(node, "oneOf", expected: "exactly one of \(branches.count) schemas",
                   found: "matches none of \(branches.count)")
            if detailed { absorbNearest(value, branches) }
        default:
            report(node, "oneOf", expected: "exactly one of \(branches.count) schemas",
                   found: "matches \(matches) of \(branches.count)")
        }
    }

    /// Records the violations of the failing branch most likely meant: one whose type fits
    /// (or, failing that, whose `const` discriminators fit) and that has the fewest
    /// violations; the first on a tie.
    private mutating func absorbNearest(_ value: JSONValue, _ branches: [Int]) {
        let outcomes = branches.map { violationsAside(value, $0) }
        let here = pointer
        func distance(_ violations: [SchemaViolation]) -> (Int, Int, Int) {
            let typeMiss = violations.contains { $0.keyword == "type" && $0.pointer == here } ? 1 : 0
            let constMiss = violations.count { $0.keyword == "const" && $0.pointer.parent == here }
            return (typeMiss, constMiss, violations.count)
        }
        absorb(outcomes.min { distance($0) < distance($1) } ?? [])
    }
}
