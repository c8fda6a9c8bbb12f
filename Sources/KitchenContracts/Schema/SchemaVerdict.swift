import HarnessCore

/// Whether an instance satisfies a `SchemaGraph`, and nothing else: the verdict of
/// `SchemaEvaluator` without its violations, pointers or bookkeeping. It walks the rules
/// through an unsafe buffer (no reference counting per node), keeps no state and returns
/// at the first rule that fails.
///
/// Keywords that need more than a verdict of their subschemas — `unevaluatedProperties`
/// and `unevaluatedItems` (annotations) and `$dynamicRef` (the dynamic scope) — are handed
/// to `SchemaEvaluator` for the subtree that holds them; a graph with dynamic anchors is not
/// walked here at all (see `JSONSchema.isValid`).
///
/// ```swift
/// let valid = graph.rules.withUnsafeBufferPointer { SchemaVerdict(graph: graph, rules: $0).holds(instance, root) }
/// ```
struct SchemaVerdict {
    let graph: SchemaGraph
    /// `graph.rules`, borrowed for the walk.
    let rules: UnsafeBufferPointer<SchemaRules>

    /// Whether `value` satisfies the schema at `index`.
    func holds(_ value: JSONValue, _ index: Int) -> Bool {
        let rule = rules.baseAddress! + index
        if rule.pointee.isFalse { return false }
        if rule.pointee.needsEvaluatedLocations || rule.pointee.dynamicReference != nil {
            var evaluator = SchemaEvaluator(graph: graph, detailed: false)
            evaluator.evaluate(value, index)
            return evaluator.failures == 0
        }
        if let reference = rule.pointee.reference, !holds(value, reference) { return false }
        if rule.pointee.hasValueRules, !holdsValueRules(value, rule) { return false }
        switch value {
        case .number(let number):
            if rule.pointee.hasNumberRules, !holdsNumberRules(number, rule) { return false }
        case .string(let text):
            if rule.pointee.hasStringRules, !holdsStringRules(text, rule) { return false }
        case .array(let elements):
            if rule.pointee.hasArrayRules, !holdsArrayRules(elements, rule) { return false }
        case .object(let object):
            if rule.pointee.hasObjectRules, !holdsObjectRules(object, value, rule) { return false }
        case .null, .bool:
            break
        }
        if rule.pointee.hasApplicators {
            for branch in rule.pointee.allOf where !holds(value, branch) { return false }
            if let not = rule.pointee.not, holds(value, not) { return false }
            if let conditional = rule.pointee.conditional {
                if holds(value, conditional.condition) {
                    if let then = conditional.then, !holds(value, then) { return false }
                } else if let otherwise = conditional.otherwise, !holds(value, otherwise) {
                    return false
                }
            }
        }
        if rule.pointee.hasAlternatives { return holdsAlternatives(value, rule) }
        return true
    }

    /// `type`, `enum` and `const`.
    private func holdsValueRules(_ value: JSONValue, _ rule: UnsafePointer<SchemaRules>) -> Bool {
        if let types = rule.pointee.types, !types.admits(value) { return false }
        if let allowed = rule.pointee.enumValues,
           !(allowed.count <= 8 ? allowed.contains(value) : rule.pointee.enumSet.contains(value)) {
            return false
        }
        if let constant = rule.pointee.constant, constant != value { return false }
        return true
    }

    private func holdsNumberRules(_ number: JSONNumber, _ rule: UnsafePointer<SchemaRules>) -> Bool {
        if let minimum = rule.pointee.minimum, number < minimum { return false }
        if let maximum = rule.pointee.maximum, maximum < number { return false }
        if let limit = rule.pointee.exclusiveMinimum, !(limit < number) { return false }
        if let limit = rule.pointee.exclusiveMaximum, !(number < limit) { return false }
        if let divisor = rule.pointee.multipleOf, !SchemaEvaluator.isMultiple(number, of: divisor) { return false }
        return true
    }

    private func holdsStringRules(_ text: String, _ rule: UnsafePointer<SchemaRules>) -> Bool {
        let (minLength, maxLength) = (rule.pointee.minLength, rule.pointee.maxLength)
        if minLength != nil || maxLength != nil {
            // JSON Schema Validation 2020-12 §6.3.1: length counts code points (Unicode scalars).
            let length = text.unicodeScalars.count
            if let minimum = minLength, length < minimum { return false }
            if let maximum = maxLength, length > maximum { return false }
        }
        if let pattern = rule.pointee.pattern, !pattern.matches(text) { return false }
        if let format = rule.pointee.format, !format.accepts(text) { return false }
        return true
    }

    private func holdsArrayRules(_ elements: [JSONValue], _ rule: UnsafePointer<SchemaRules>) -> Bool {
        if let minimum = rule.pointee.minItems, elements.count < minimum { return false }
        if let maximum = rule.pointee.maxItems, elements.count > maximum { return false }
        let prefixCount = rule.pointee.prefixItems.count
        if prefixCount > 0 {
            for position in 0..<min(prefixCount, elements.count)
            where !holds(elements[position], rule.pointee.prefixItems[position]) {
                return false
            }
        }
        if let items = rule.pointee.items, prefixCount < elements.count {
            for position in prefixCount..<elements.count where !holds(elements[position], items) { return false }
        }
        if let contains = rule.pointee.contains {
            var matched = 0
            for element in elements where holds(element, contains) { matched += 1 }
            if matched < rule.pointee.minContains ?? 1 { return false }
            if let maximum = rule.pointee.maxContains, matched > maximum { return false }
        }
        if rule.pointee.uniqueItems, SchemaEvaluator.firstRepeat(elements) != nil { return false }
        return true
    }

    private func holdsObjectRules(_ object: JSONObject, _ value: JSONValue, _ rule: UnsafePointer<SchemaRules>) -> Bool {
        var requiredPresent = 0
        let (list, table) = (rule.pointee.propertyList, rule.pointee.properties)
        for member in object.members {
            var matched = false
            if let property = SchemaRules.property(named: member.key, in: list, table) {
                if property.isRequired { requiredPresent += 1 }
                if !holds(member.value, property.node) { return false }
                matched = true
            }
            for (pattern, schema) in rule.pointee.patternProperties where pattern.matches(member.key) {
                if !holds(member.value, schema) { return false }
                matched = true
            }
            if !matched {
                switch rule.pointee.additionalProperties {
                case .absent: break
                case .forbidden: return false
                case .schema(let schema): if !holds(member.value, schema) { return false }
                }
            }
            if let names = rule.pointee.propertyNames, !holds(.string(member.key), names) { return false }
        }
        if requiredPresent < rule.pointee.requiredInPropertiesCount || rule.pointee.requiredOutsideProperties {
            for name in rule.pointee.required where object[name] == nil { return false }
        }
        if let minimum = rule.pointee.minProperties, object.count < minimum { return false }
        if let maximum = rule.pointee.maxProperties, object.count > maximum { return false }
        for (name, required) in rule.pointee.dependentRequired where object[name] != nil {
            for other in required where object[other] == nil { return false }
        }
        for (name, schema) in rule.pointee.dependentSchemas where object[name] != nil {
            if !holds(value, schema) { return false }
        }
        return true
    }

    /// `anyOf`, `oneOf` and a discriminator, as `SchemaEvaluator.checkAlternatives` decides them.
    private func holdsAlternatives(_ value: JSONValue, _ rule: UnsafePointer<SchemaRules>) -> Bool {
        if let discriminator = rule.pointee.discriminator, case .object(let object) = value {
            guard case .string(let name)? = object[discriminator.propertyName],
                  let branch = discriminator.branches[name], holds(value, branch) else { return false }
            // The named branch holds; `oneOf` still needs no more than one branch to match.
            var matches = 0
            for other in rule.pointee.oneOf where other == branch || holds(value, other) {
                matches += 1
                if matches > 1 { return false }
            }
            return true
        }
        if !rule.pointee.anyOf.isEmpty, !rule.pointee.anyOf.contains(where: { holds(value, $0) }) { return false }
        if !rule.pointee.oneOf.isEmpty {
            var matches = 0
            for branch in rule.pointee.oneOf where holds(value, branch) {
                matches += 1
                if matches > 1 { return false }
            }
            if matches == 0 { return false }
        }
        return true
    }
}
