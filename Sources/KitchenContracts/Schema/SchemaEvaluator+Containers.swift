import HarnessCore

extension SchemaEvaluator {
    mutating func checkArray(_ elements: [JSONValue], _ node: SchemaNode, _ seen: inout EvaluatedLocations?) {
        if let minimum = node.rules.minItems, elements.count < minimum {
            report(node, "minItems", expected: "at least \(minimum) items", found: "\(elements.count) items")
        }
        if let maximum = node.rules.maxItems, elements.count > maximum {
            report(node, "maxItems", expected: "at most \(maximum) items", found: "\(elements.count) items")
        }
        let prefix = node.rules.prefixItems
        for position in 0..<min(prefix.count, elements.count) {
            evaluateChild(elements[position], at: .index(position), prefix[position])
        }
        if let before = seen?.itemPrefix { seen?.itemPrefix = max(before, min(prefix.count, elements.count)) }
        if let items = node.rules.items {
            for position in prefix.count..<max(prefix.count, elements.count) {
                checkItem(elements[position], at: position, items, node, keyword: "items")
            }
            seen?.allItems = true
        }
        if let contains = node.rules.contains { checkContains(elements, contains, node, &seen) }
        if node.rules.uniqueItems, let (first, second) = Self.firstRepeat(elements) {
            report(node, "uniqueItems", expected: "no repeated items",
                   found: "items \(first) and \(second) equal (\(ValueWording.describe(elements[second])))")
        }
    }

    /// An item against `items` or `unevaluatedItems`; a `false` schema is reported with
    /// the keyword that holds it.
    private mutating func checkItem(_ element: JSONValue, at position: Int, _ schema: Int, _ node: SchemaNode, keyword: String) {
        if graph.nodes[schema].rules.isFalse {
            report(node, keyword, expected: "no item at index \(position)", found: ValueWording.describe(element))
        } else {
            evaluateChild(element, at: .index(position), schema)
        }
    }

    private mutating func checkContains(
        _ elements: [JSONValue], _ contains: Int, _ node: SchemaNode, _ seen: inout EvaluatedLocations?
    ) {
        var matched: [Int] = []
        for (position, element) in elements.enumerated() where passes(element, contains).passed {
            matched.append(position)
        }
        let minimum = node.rules.minContains ?? 1
        if matched.count < minimum {
            report(node, node.rules.minContains == nil ? "contains" : "minContains",
                   expected: "at least \(minimum) items matching contains", found: "\(matched.count) matching")
        }
        if let maximum = node.rules.maxContains, matched.count > maximum {
            report(node, "maxContains", expected: "at most \(maximum) items matching contains", found: "\(matched.count) matching")
        }
        seen?.items.formUnion(matched)
    }

    /// The positions of the first two equal items (JSON Schema equality), `nil` when all differ.
    static func firstRepeat(_ elements: [JSONValue]) -> (Int, Int)? {
        if elements.count <= 8 {
            for second in elements.indices {
                for first in 0..<second where elements[first] == elements[second] { return (first, second) }
            }
            return nil
        }
        var firstPosition: [JSONValue: Int] = [:]
        for (position, element) in elements.enumerated() {
            if let earlier = firstPosition[element] { return (earlier, position) }
            firstPosition[element] = position
        }
        return nil
    }

    mutating func checkUnevaluatedItems(_ elements: [JSONValue], _ node: SchemaNode, _ seen: inout EvaluatedLocations?) {
        guard let unevaluated = node.rules.unevaluatedItems, let evaluated = seen else { return }
        for position in elements.indices where !evaluated.covers(item: position) {
            checkItem(elements[position], at: position, unevaluated, node, keyword: "unevaluatedItems")
        }
        seen?.allItems = true
    }

    mutating func checkObject(_ object: JSONObject, _ value: JSONValue, _ node: SchemaNode, _ seen: inout EvaluatedLocations?) {
        var requiredPresent = 0
        for (position, member) in object.members.enumerated() {
            var matched = false
            if let property = SchemaRules.property(named: member.key, in: node.rules.propertyList, node.rules.properties) {
                if property.isRequired { requiredPresent += 1 }
                evaluateChild(member.value, at: .key(member.key), property.node)
                matched = true
            }
            for (pattern, schema) in node.rules.patternProperties where pattern.matches(member.key) {
                evaluateChild(member.value, at: .key(member.key), schema)
                matched = true
            }
            if !matched {
                switch node.rules.additionalProperties {
                case .absent:
                    break
                case .forbidden:
                    report(node, "additionalProperties", expected: "no undeclared member",
                           found: ValueWording.describe(member.value), member: member.key)
                case .schema(let schema):
                    evaluateChild(member.value, at: .key(member.key), schema)
                    matched = true
                }
            }
            if matched { seen?.insert(member: position) }
            if let names = node.rules.propertyNames {
                evaluateChild(.string(member.key), at: .key(member.key), names)
            }
        }
        if requiredPresent < node.rules.requiredInPropertiesCount || node.rules.requiredOutsideProperties {
            for name in node.rules.required where object[name] == nil {
                report(node, "required", expected: "required member", found: "absent", member: name)
            }
        }
        if let minimum = node.rules.minProperties, object.count < minimum {
            report(node, "minProperties", expected: "at least \(minimum) members", found: "\(object.count) members")
        }
        if let maximum = node.rules.maxProperties, object.count > maximum {
            report(node, "maxProperties", expected: "at most \(maximum) members", found: "\(object.count) members")
        }
        for (name, required) in node.rules.dependentRequired where object[name] != nil {
            for other in required where object[other] == nil {
                report(node, "dependentRequired", expected: "required member when \"\(name)\" is present",
                       found: "absent", member: other)
            }
        }
        for (name, schema) in node.rules.dependentSchemas where object[name] != nil {
            seen.merge(evaluate(value, schema, collect: seen != nil))
        }
    }

    mutating func checkUnevaluatedMembers(_ object: JSONObject, _ node: SchemaNode, _ seen: inout EvaluatedLocations?) {
        guard let unevaluated = node.rules.unevaluatedProperties, let evaluated = seen else { return }
        let forbidden = graph.nodes[unevaluated].rules.isFalse
        for (position, member) in object.members.enumerated() where !evaluated.covers(member: position) {
            if forbidden {
                report(node, "unevaluatedProperties", expected: "no member left unevaluated",
                       found: ValueWording.describe(member.value), member: member.key)
            } else {
                evaluateChild(member.value, at: .key(member.key), unevaluated)
            }
        }
        seen?.allMembers = true
    }
}
