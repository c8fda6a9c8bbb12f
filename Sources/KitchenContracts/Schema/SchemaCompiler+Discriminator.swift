import HarnessCore

extension SchemaCompiler {
    /// Resolves a discriminator to a value → branch table. Accepts OpenAPI's object form
    /// (`{propertyName, mapping}`, OpenAPI 3.1 §4.8.25) and AsyncAPI's string form (the
    /// property name alone). Values come from the explicit `mapping` first, then from each
    /// branch's `const`/`enum` for the property, then from the name of a branch's `$ref`
    /// target (OpenAPI's implicit mapping). A discriminator beside no `oneOf`/`anyOf` is
    /// ignored: it only selects among alternatives.
    mutating func compileDiscriminator(
        _ value: JSONValue, schema: JSONObject, at location: SchemaRegistry.Location
    ) throws(ContractError) -> CompiledDiscriminator? {
        let at = location.appending("discriminator")
        let propertyName: String
        var mapping: [JSONObject.Member] = []
        switch value {
        case .string(let name):
            propertyName = name
        case .object(let object):
            guard let name = object["propertyName"]?.stringValue else {
                throw malformed(at, "discriminator needs a string propertyName")
            }
            propertyName = name
            if let explicit = object["mapping"] {
                guard case .object(let members) = explicit else {
                    throw malformed(at.appending("mapping"), "mapping must be an object")
                }
                mapping = members.members
            }
        default:
            throw malformed(at, "discriminator must be a property name or an object")
        }
        let keyword = schema["oneOf"] != nil ? "oneOf" : "anyOf"
        guard case .array(let alternatives)? = schema[keyword] else { return nil }

        var result = CompiledDiscriminator(propertyName: propertyName, branches: [:], values: [])
        func add(_ value: String, _ node: Int, at location: SchemaRegistry.Location) throws(ContractError) {
            guard result.branches[value] == nil else {
                throw malformed(location, "discriminator value \"\(value)\" selects two schemas")
            }
            result.branches[value] = node
            result.values.append(value)
        }
        for member in mapping {
            guard let target = member.value.stringValue else {
                throw malformed(at.appending("mapping").appending(member.key), "mapping values must be strings")
            }
            let ref = Self.mappingReference(target)
            let node = try compileReference(ref, at: at.appending("mapping")).node
            try add(member.key, node, at: at.appending("mapping").appending(member.key))
        }
        let mappedTargets = Set(mapping.compactMap(\.value.stringValue).map(Self.mappingReference))
        for (position, alternative) in alternatives.enumerated() {
            let branchLocation = location.appending(keyword).appending(position)
            let document = registry.documents[location.document].value
            var values = DiscriminatorValues.values(of: propertyName, in: alternative, document: document)
            if values.isEmpty, let ref = alternative["$ref"]?.stringValue, !mappedTargets.contains(ref),
               let name = JSONPointer(String(ref.dropFirst()))?.tokens.last {
                values = [name]
            }
            for value in values where result.branches[value] == nil {
                try add(value, try compile(branchLocation), at: branchLocation)
            }
        }
        return result
    }

    /// A mapping value as a reference: OpenAPI allows a bare schema name for
    /// `#/components/schemas/<name>`.
    static func mappingReference(_ target: String) -> String {
        target.hasPrefix("#") ? target : "#/components/schemas/" + target
    }
}

/// Reading a schema's top-level properties and the values it fixes for one of them
/// (`"deviceType": {"const": "oven"}`), following `$ref` and `allOf`. Used to select `oneOf`
/// branches and WebSocket messages.
enum DiscriminatorValues {
    /// The string values `schema` allows for `property`, in declaration order; empty when it
    /// does not pin the property to a `const` or an `enum` of strings.
    static func values(of property: String, in schema: JSONValue, document: JSONValue) -> [String] {
        collect(in: schema, document: document) { object, depth in
            object["properties"]?[property].map { pinned($0, document: document, depth: depth + 1) } ?? []
        }
    }

    /// The property a `discriminator` value names: AsyncAPI's string form, or OpenAPI's
    /// object form with its `propertyName`.
    static func propertyName(_ discriminator: JSONValue?) -> String? {
        discriminator?.stringValue ?? discriminator?["propertyName"]?.stringValue
    }

    /// The discriminator property `schema` declares, itself or through its `$ref`s and `allOf`s.
    static func declaredProperty(of schema: JSONValue, document: JSONValue) -> String? {
        collect(in: schema, document: document) { object, _ in propertyName(object["discriminator"]).map { [$0] } ?? [] }.first
    }

    /// The top-level property names of `schema`, in declaration order.
    static func propertyNames(of schema: JSONValue, document: JSONValue) -> [String] {
        collect(in: schema, document: document) { object, _ in object["properties"]?.objectValue?.keys ?? [] }
    }

    /// What `read` finds in `schema`, then in the schemas its `$ref` and `allOf` lead to;
    /// each string once.
    private static func collect(
        in schema: JSONValue, document: JSONValue, depth: Int = 0, _ read: (JSONObject, Int) -> [String]
    ) -> [String] {
        guard depth < ContractReferences.maximumHops, case .object(let object) = schema else { return [] }
        var found = read(object, depth)
        if let ref = object["$ref"]?.stringValue, let target = ContractReferences.resolve(ref, in: document) {
            found += collect(in: target.value, document: document, depth: depth + 1, read)
        }
        for branch in object["allOf"]?.arrayValue ?? [] {
            found += collect(in: branch, document: document, depth: depth + 1, read)
        }
        var seen: Set<String> = []
        return found.filter { seen.insert($0).inserted }
    }

    private static func pinned(_ schema: JSONValue, document: JSONValue, depth: Int) -> [String] {
        guard depth < ContractReferences.maximumHops, case .object(let object) = schema else { return [] }
        if let constant = object["const"]?.stringValue { return [constant] }
        if let values = object["enum"]?.arrayValue {
            let strings = values.compactMap(\.stringValue)
            if strings.count == values.count { return strings }
        }
        if let ref = object["$ref"]?.stringValue, let target = ContractReferences.resolve(ref, in: document) {
            return pinned(target.value, document: document, depth: depth + 1)
        }
        return []
    }
}
