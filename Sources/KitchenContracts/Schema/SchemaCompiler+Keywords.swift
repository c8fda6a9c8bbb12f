import HarnessCore

/// Reading each keyword's value into `SchemaRules`, refusing values of the wrong shape.
extension SchemaCompiler {
    typealias Location = SchemaRegistry.Location

    mutating func compileAssertions(
        _ object: JSONObject, at location: Location, into rules: inout SchemaRules
    ) throws(ContractError) {
        if let type = object["type"] {
            let names: [String]
            switch type {
            case .string(let name): names = [name]
            case .array(let elements): names = elements.compactMap(\.stringValue)
                guard names.count == elements.count else {
                    throw malformed(location.appending("type"), "type names must be strings")
                }
            default: throw malformed(location.appending("type"), "type must be a string or an array of strings")
            }
            var types: SchemaTypes = []
            for name in names {
                guard let one = SchemaTypes(name: name) else {
                    throw malformed(location.appending("type"), "unknown type \"\(name)\"")
                }
                types.insert(one)
            }
            rules.types = types
            rules.typeNames = names
        }
        if let values = object["enum"] {
            guard case .array(let elements) = values else {
                throw malformed(location.appending("enum"), "enum must be an array")
            }
            rules.enumValues = elements
            rules.enumSet = Set(elements)
        }
        rules.constant = object["const"]
        for (keyword, field) in Self.numberKeywords { rules[keyPath: field] = try number(object, keyword, at: location) }
        if let divisor = rules.multipleOf, !(JSONNumber.integer(0) < divisor) {
            throw malformed(location.appending("multipleOf"), "multipleOf must be greater than 0")
        }
        for (keyword, field) in Self.countKeywords { rules[keyPath: field] = try count(object, keyword, at: location) }
        switch object["uniqueItems"] {
        case nil: break
        case .bool(let unique)?: rules.uniqueItems = unique
        default: throw malformed(location.appending("uniqueItems"), "uniqueItems must be a Boolean")
        }
        if let pattern = object["pattern"] { rules.pattern = try regex(pattern, at: location.appending("pattern")) }
        rules.required = try names(object["required"], "required", at: location)
        if case .object(let dependencies)? = object["dependentRequired"] {
            rules.dependentRequired = try dependencies.map { member throws(ContractError) in
                (member.key, try names(member.value, "dependentRequired", at: location))
            }
        }
    }

    mutating func compileObjectRules(
        _ object: JSONObject, at location: Location, into rules: inout SchemaRules
    ) throws(ContractError) {
        if let properties = object["properties"] {
            guard case .object(let members) = properties else {
                throw malformed(location.appending("properties"), "properties must be an object")
            }
            let requiredNames = Set(rules.required.map(CodePointKey.init))
            for member in members {
                let node = try compile(location.appending("properties").appending(member.key))
                let key = CodePointKey(member.key)
                let rule = PropertyRule(node: node, isRequired: requiredNames.contains(key))
                rules.properties[key] = rule
                rules.propertyList.append((member.key, rule))
            }
        }
        rules.requiredOutsideProperties = rules.required.contains { rules.properties[CodePointKey($0)] == nil }
        rules.requiredInPropertiesCount = Set(rules.required.map(CodePointKey.init)).count { rules.properties[$0] != nil }
        if case .object(let patterns)? = object["patternProperties"] {
            rules.patternProperties = try patterns.map { member throws(ContractError) in
                let at = location.appending("patternProperties").appending(member.key)
                return (try regex(.string(member.key), at: at), try compile(at))
            }
        }
        switch object["additionalProperties"] {
        case nil: rules.additionalProperties = .absent
        case .bool(false)?: rules.additionalProperties = .forbidden
        case .object?, .bool(true)?:
            rules.additionalProperties = .schema(try compile(location.appending("additionalProperties")))
        default: throw malformed(location.appending("additionalProperties"),
            "additionalProperties must be a boolean or a schema")
        }
        rules.propertyNames = try single(object, "propertyNames", at: location)
        rules.unevaluatedProperties = try single(object, "unevaluatedProperties", at: location)
        if case .object(let dependencies)? = object["dependentSchemas"] {
            rules.dependentSchemas = try dependencies.map { member throws(ContractError) in
                (member.key, try compile(location.appending("dependentSchemas").appending(member.key)))
            }
        }
    }

    /// The applicators that are not about members (Core 2020-12 §10), with `unevaluatedItems`.
    mutating func compileApplicators(
        _ object: JSONObject, at location: Location, into rules: inout SchemaRules
    ) throws(ContractError) {
        rules.prefixItems = try branches(object, "prefixItems", at: location)
        rules.items = try single(object, "items", at: location)
        rules.contains = try single(object, "contains", at: location)
        rules.unevaluatedItems = try single(object, "unevaluatedItems", at: location)
        rules.allOf = try branches(object, "allOf", at: location)
        rules.anyOf = try branches(object, "anyOf", at: location)
        rules.oneOf = try branches(object, "oneOf", at: location)
        rules.not = try single(object, "not", at: location)
        if let condition = try single(object, "if", at: location) {
            rules.conditional = Conditional(
                condition: condition, then: try single(object, "then", at: location),
                otherwise: try single(object, "else", at: location))
        }
        if let discriminator = object["discriminator"] {
            rules.discriminator = try compileDiscriminator(discriminator, schema: object, at: location)
        }
    }

    /// The keywords holding a number (OpenAPI 3.0's Boolean exclusive bounds are numeric by
    /// now, `OpenAPI30Upgrade`), then those holding a count, each with the field it sets.
    private static let numberKeywords: [(String, WritableKeyPath<SchemaRules, JSONNumber?> & Sendable)] = [
        ("minimum", \.minimum), ("maximum", \.maximum), ("exclusiveMinimum", \.exclusiveMinimum),
        ("exclusiveMaximum", \.exclusiveMaximum), ("multipleOf", \.multipleOf),
    ]
    private static let countKeywords: [(String, WritableKeyPath<SchemaRules, Int?> & Sendable)] = [
        ("minLength", \.minLength), ("maxLength", \.maxLength), ("minItems", \.minItems), ("maxItems", \.maxItems),
        ("minContains", \.minContains), ("maxContains", \.maxContains),
        ("minProperties", \.minProperties), ("maxProperties", \.maxProperties),
    ]

    /// The node of a keyword holding one schema, `nil` when absent.
    private mutating func single(_ object: JSONObject, _ keyword: String, at location: Location) throws(ContractError) -> Int? {
        switch object[keyword] {
        case nil: return nil
        case .object?, .bool?: return try compile(location.appending(keyword))
        default: throw malformed(location.appending(keyword), "\(keyword) must be a schema")
        }
    }

    private mutating func branches(
        _ object: JSONObject, _ keyword: String, at location: Location
    ) throws(ContractError) -> [Int] {
        guard let value = object[keyword] else { return [] }
        guard case .array(let elements) = value, !elements.isEmpty else {
            throw malformed(location.appending(keyword), "\(keyword) must be a non-empty array of schemas")
        }
        return try elements.indices.map { position throws(ContractError) in
            try compile(location.appending(keyword).appending(position))
        }
    }

    private func names(_ value: JSONValue?, _ keyword: String, at location: Location) throws(ContractError) -> [String] {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            throw malformed(location.appending(keyword), "\(keyword) must be an array")
        }
        var seen: Set<CodePointKey> = []
        var names: [String] = []
        for element in elements {
            guard let name = element.stringValue else {
                throw malformed(location.appending(keyword), "\(keyword) names must be strings")
            }
            if seen.insert(CodePointKey(name)).inserted { names.append(name) }
        }
        return names
    }

    private func regex(_ value: JSONValue, at location: Location) throws(ContractError) -> SchemaPattern {
        guard case .string(let source) = value else { throw malformed(location, "a pattern must be a string") }
        do {
            return try SchemaPattern(source)
        } catch {
            throw malformed(location, "not a regular expression: \(source)")
        }
    }

    private func number(
        _ object: JSONObject, _ keyword: String, at location: Location
    ) throws(ContractError) -> JSONNumber? {
        guard let value = object[keyword] else { return nil }
        guard case .number(let number) = value else {
            throw malformed(location.appending(keyword), "\(keyword) must be a number")
        }
        return number
    }

    private func count(_ object: JSONObject, _ keyword: String, at location: Location) throws(ContractError) -> Int? {
        guard let value = object[keyword] else { return nil }
        guard let count = value.intValue, count >= 0 else {
            throw malformed(location.appending(keyword), "\(keyword) must be a non-negative integer")
        }
        return count
    }
}
