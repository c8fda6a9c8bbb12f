import HarnessCore

/// Turns the schemas of one document into a `SchemaGraph`: each location compiled once,
/// `$ref`s resolved to indices, keyword values checked for shape.
///
/// ```swift
/// var compiler = SchemaCompiler(document: document, file: "kitchen.openapi.json")
/// let root = try compiler.compile(at: JSONPointer("/components/schemas/OvenState")!)
/// let graph = try compiler.finish()
/// ```
struct SchemaCompiler {
    let document: JSONValue
    let file: String
    private var nodes: [SchemaNode?] = []
    private var indexByPath: [String: Int] = [:]

    init(document: JSONValue, file: String) {
        self.document = document
        self.file = file
    }

    /// The compiled node for the schema at `pointer`, compiling it (and what it refers to) on first use.
    mutating func compile(at pointer: JSONPointer) throws(ContractError) -> Int {
        let path = "#" + pointer.description
        if let index = indexByPath[path] { return index }
        guard let value = pointer.resolve(in: document) else {
            throw malformed(pointer, "no schema at this location")
        }
        // Reserve the index first: a `$ref` back to this location, met while compiling its
        // children, gets the index instead of recursing.
        let index = nodes.count
        nodes.append(nil)
        indexByPath[path] = index
        let rules = try compileRules(value, at: pointer)
        nodes[index] = SchemaNode(schemaPath: path, rules: rules)
        return index
    }

    /// The finished graph, after checking that no schema loops back to itself in place.
    func finish() throws(ContractError) -> SchemaGraph {
        // Every reserved index is filled once its schema compiles; a compiler whose `compile`
        // threw is not finished.
        let finished = nodes.compactMap { $0 }
        guard finished.count == nodes.count else { throw malformed(.root, "a schema did not finish compiling") }
        let graph = SchemaGraph(nodes: finished, indexByPath: indexByPath)
        if let loop = SchemaCycleCheck.firstInPlaceCycle(in: graph) {
            let start = JSONPointer(String(loop[0].dropFirst())) ?? .root
            throw ContractError(file: file, pointer: start, reason: .referenceCycle(loop))
        }
        return graph
    }

    func malformed(_ pointer: JSONPointer, _ what: String) -> ContractError {
        ContractError(file: file, pointer: pointer, reason: .malformedDocument(what))
    }

    private mutating func compileRules(_ value: JSONValue, at pointer: JSONPointer) throws(ContractError) -> SchemaRules {
        var rules = SchemaRules()
        switch value {
        case .bool(let accepts):
            // JSON Schema Core 2020-12 §4.3.2: `true` accepts everything, `false` nothing.
            rules.isFalse = !accepts
            return rules
        case .object(let object):
            if let unknown = object.keys.first(where: { !SchemaKeywords.isKnown($0) }) {
                throw ContractError(file: file, pointer: pointer.appending(unknown), reason: .unsupportedKeyword(unknown))
            }
            if case .string(let ref)? = object["$ref"] {
                let target = try ContractReferences.require(ref, in: document, file: file, at: pointer)
                rules.reference = try compile(at: target.pointer)
            }
            try compileAssertions(object, at: pointer, into: &rules)
            try compileObjectRules(object, at: pointer, into: &rules)
            try compileApplicators(object, at: pointer, into: &rules)
            rules.summarize()
            return rules
        default:
            throw malformed(pointer, "a schema must be an object or a boolean")
        }
    }

    private func compileAssertions(
        _ object: JSONObject, at pointer: JSONPointer, into rules: inout SchemaRules
    ) throws(ContractError) {
        if let type = object["type"] {
            let names: [String]
            switch type {
            case .string(let name): names = [name]
            case .array(let elements): names = elements.compactMap(\.stringValue)
                guard names.count == elements.count else {
                    throw malformed(pointer.appending("type"), "type names must be strings")
                }
            default: throw malformed(pointer.appending("type"), "type must be a string or an array of strings")
            }
            var types: SchemaTypes = []
            for name in names {
                guard let one = SchemaTypes(name: name) else {
                    throw malformed(pointer.appending("type"), "unknown type \"\(name)\"")
                }
                types.insert(one)
            }
            rules.types = types
            rules.typeNames = names
        }
        if let values = object["enum"] {
            guard case .array(let elements) = values else {
                throw malformed(pointer.appending("enum"), "enum must be an array")
            }
            rules.enumValues = elements
            rules.enumSet = Set(elements)
        }
        rules.constant = object["const"]
        rules.minimum = try number(object, "minimum", at: pointer)
        rules.maximum = try number(object, "maximum", at: pointer)
        // OpenAPI 3.0's Boolean exclusive bounds turn the plain bound exclusive.
        if case .bool(let exclusive)? = object["exclusiveMinimum"] {
            if exclusive { (rules.exclusiveMinimum, rules.minimum) = (rules.minimum, nil) }
        } else {
            rules.exclusiveMinimum = try number(object, "exclusiveMinimum", at: pointer)
        }
        if case .bool(let exclusive)? = object["exclusiveMaximum"] {
            if exclusive { (rules.exclusiveMaximum, rules.maximum) = (rules.maximum, nil) }
        } else {
            rules.exclusiveMaximum = try number(object, "exclusiveMaximum", at: pointer)
        }
        rules.minLength = try count(object, "minLength", at: pointer)
        rules.maxLength = try count(object, "maxLength", at: pointer)
        rules.minItems = try count(object, "minItems", at: pointer)
        rules.maxItems = try count(object, "maxItems", at: pointer)
        if object["format"]?.stringValue == "date-time" { rules.format = .dateTime }
    }

    private mutating func compileObjectRules(
        _ object: JSONObject, at pointer: JSONPointer, into rules: inout SchemaRules
    ) throws(ContractError) {
        if let required = object["required"] {
            guard case .array(let elements) = required else {
                throw malformed(pointer.appending("required"), "required must be an array")
            }
            var seen: Set<String> = []
            for element in elements {
                guard let name = element.stringValue else {
                    throw malformed(pointer.appending("required"), "required names must be strings")
                }
                if seen.insert(name).inserted { rules.required.append(name) }
            }
        }
        if let properties = object["properties"] {
            guard case .object(let members) = properties else {
                throw malformed(pointer.appending("properties"), "properties must be an object")
            }
            let requiredNames = Set(rules.required)
            for member in members {
                let node = try compile(at: pointer.appending("properties").appending(member.key))
                rules.properties[member.key] = PropertyRule(node: node, isRequired: requiredNames.contains(member.key))
            }
        }
        rules.requiredOutsideProperties = rules.required.contains { rules.properties[$0] == nil }
        rules.requiredInPropertiesCount = rules.required.count { rules.properties[$0] != nil }
        switch object["additionalProperties"] {
        case nil, .bool(true)?: rules.additionalProperties = .allowed
        case .bool(false)?: rules.additionalProperties = .forbidden
        case .object?: rules.additionalProperties = .schema(try compile(at: pointer.appending("additionalProperties")))
        default: throw malformed(pointer.appending("additionalProperties"),
            "additionalProperties must be a boolean or a schema")
        }
        if let items = object["items"] {
            switch items {
            case .object, .bool: rules.items = try compile(at: pointer.appending("items"))
            default: throw malformed(pointer.appending("items"), "items must be a schema (use prefixItems for tuples)")
            }
        }
    }

    private mutating func compileApplicators(
        _ object: JSONObject, at pointer: JSONPointer, into rules: inout SchemaRules
    ) throws(ContractError) {
        rules.allOf = try branches(object, "allOf", at: pointer)
        rules.anyOf = try branches(object, "anyOf", at: pointer)
        rules.oneOf = try branches(object, "oneOf", at: pointer)
        if let discriminator = object["discriminator"] {
            rules.discriminator = try compileDiscriminator(discriminator, schema: object, at: pointer)
        }
    }

    private mutating func branches(
        _ object: JSONObject, _ keyword: String, at pointer: JSONPointer
    ) throws(ContractError) -> [Int] {
        guard let value = object[keyword] else { return [] }
        guard case .array(let elements) = value, !elements.isEmpty else {
            throw malformed(pointer.appending(keyword), "\(keyword) must be a non-empty array of schemas")
        }
        var indices: [Int] = []
        for position in elements.indices {
            indices.append(try compile(at: pointer.appending(keyword).appending(position)))
        }
        return indices
    }

    private func number(
        _ object: JSONObject, _ keyword: String, at pointer: JSONPointer
    ) throws(ContractError) -> JSONNumber? {
        guard let value = object[keyword] else { return nil }
        guard case .number(let number) = value else {
            throw malformed(pointer.appending(keyword), "\(keyword) must be a number")
        }
        return number
    }

    private func count(_ object: JSONObject, _ keyword: String, at pointer: JSONPointer) throws(ContractError) -> Int? {
        guard let value = object[keyword] else { return nil }
        guard let count = value.intValue, count >= 0 else {
            throw malformed(pointer.appending(keyword), "\(keyword) must be a non-negative integer")
        }
        return count
    }
}
