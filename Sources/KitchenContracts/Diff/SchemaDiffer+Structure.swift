import HarnessCore

extension SchemaDiffer {
    /// Properties, `required` and `additionalProperties`.
    mutating func compareObjects(
        _ old: ResolvedSchema, _ new: ResolvedSchema, _ location: DiffLocation, _ direction: DataDirection
    ) {
        let oldProperties = old.members["properties"]?.objectValue ?? [:]
        let newProperties = new.members["properties"]?.objectValue ?? [:]
        let oldRequired = Set(old.members["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let newRequired = Set(new.members["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let names = oldProperties.keys + newProperties.keys.filter { oldProperties[$0] == nil }
        for name in names {
            let at = location.appending("properties").appending(name)
            let oldPointer = old.pointer.appending("properties").appending(name)
            let newPointer = new.pointer.appending("properties").appending(name)
            switch (oldProperties[name] != nil, newProperties[name] != nil) {
            case (true, true):
                compare(old: oldPointer, new: newPointer, at: at, direction: direction,
                        isDiscriminator: location.tokens.isEmpty && name == rootDiscriminator)
                compareRequired(oldRequired.contains(name), newRequired.contains(name), at, direction)
            case (true, false):
                // Clients read response fields; servers may refuse or ignore request fields
                // they no longer know — both break someone.
                record(.breaking, .propertyRemoved, at, old: resolve(oldPointer, in: oldDocument).summary, new: nil)
            case (false, true):
                let summary = resolve(newPointer, in: newDocument).summary
                if direction == .request, newRequired.contains(name) {
                    record(.breaking, .requiredPropertyAdded, at, old: nil, new: "required \(summary)")
                } else {
                    record(.additive, .propertyAdded, at, old: nil,
                        new: newRequired.contains(name) ? "required \(summary)" : summary)
                }
            case (false, false):
                break
            }
        }
        compareAdditionalProperties(old, new, location, direction)
    }

    /// A member, parameter or body turning required or optional.
    mutating func compareRequired(_ before: Bool, _ after: Bool, _ at: DiffLocation, _ direction: DataDirection) {
        guard before != after else { return }
        // A request member turning required breaks clients that omit it; a response member
        // turning optional breaks clients that rely on its presence.
        let breaking = direction == .request ? after : before
        record(breaking ? .breaking : .additive, after ? .becameRequired : .becameOptional, at,
               old: Self.requirement(before), new: Self.requirement(after))
    }

    /// `required` or `optional`.
    static func requirement(_ isRequired: Bool) -> String { isRequired ? "required" : "optional" }

    /// Unknown members: refusing them narrows a request; a response's policy is only
    /// advisory, because clients must tolerate unknown fields (API.md, Conventions).
    private mutating func compareAdditionalProperties(
        _ old: ResolvedSchema, _ new: ResolvedSchema, _ location: DiffLocation, _ direction: DataDirection
    ) {
        let before = old.members["additionalProperties"]
        let after = new.members["additionalProperties"]
        let at = location.appending("additionalProperties")
        if case .object? = before, case .object? = after {
            compare(old: old.pointer.appending("additionalProperties"), new: new.pointer.appending("additionalProperties"),
                    at: at, direction: direction)
            return
        }
        // 2 = any member allowed, 1 = members checked against a schema, 0 = none allowed.
        func openness(_ value: JSONValue?) -> Int {
            value == nil || value == .bool(true) ? 2 : (value?.objectValue != nil ? 1 : 0)
        }
        let (wasOpen, isOpen) = (openness(before), openness(after))
        guard wasOpen != isOpen else { return }
        let narrowed = isOpen < wasOpen
        let severity: ContractChange.Severity = direction == .response ? .neutral : (narrowed ? .breaking : .additive)
        record(severity, narrowed ? .constraintAdded : .constraintRemoved, at,
               old: before?.description ?? "true", new: after?.description ?? "true")
    }

    mutating func compareItems(
        _ old: ResolvedSchema, _ new: ResolvedSchema, _ location: DiffLocation, _ direction: DataDirection
    ) {
        func items(_ schema: ResolvedSchema) -> JSONPointer? {
            schema.members["items"] == nil ? nil : schema.pointer.appending("items")
        }
        compareSubschemas(items(old), items(new), location.appending("items"), direction,
                          removed: (direction == .request ? .additive : .breaking, .constraintRemoved),
                          added: (.breaking, .constraintAdded))
    }

    /// The subschemas at `old` and `new` compared when both are there; otherwise the one
    /// there, in a few words, recorded as `removed` or `added` (a severity and a kind).
    private mutating func compareSubschemas(
        _ old: JSONPointer?, _ new: JSONPointer?, _ location: DiffLocation, _ direction: DataDirection,
        removed: (ContractChange.Severity, ContractChange.Kind), added: (ContractChange.Severity, ContractChange.Kind)
    ) {
        switch (old, new) {
        case let (before?, after?):
            compare(old: before, new: after, at: location, direction: direction)
        case (let before?, nil):
            record(removed.0, removed.1, location, old: resolve(before, in: oldDocument).summary, new: nil)
        case (nil, let after?):
            record(added.0, added.1, location, old: nil, new: resolve(after, in: newDocument).summary)
        case (nil, nil):
            break
        }
    }

    /// `allOf` by position; `oneOf`/`anyOf` by discriminator value when both versions
    /// discriminate on the same property, else by position. A lost alternative breaks;
    /// a new one widens a request but reaches response clients that do not know it. An
    /// `allOf` branch added or removed is reported as breaking: the combined constraint
    /// changed in a way a structural comparison cannot bound.
    mutating func compareBranches(
        _ old: ResolvedSchema, _ new: ResolvedSchema, _ location: DiffLocation, _ direction: DataDirection
    ) {
        let oldAll = old.members["allOf"]?.arrayValue?.count ?? 0
        let newAll = new.members["allOf"]?.arrayValue?.count ?? 0
        for position in 0..<max(oldAll, newAll) {
            compareSubschemas(position < oldAll ? old.pointer.appending("allOf").appending(position) : nil,
                              position < newAll ? new.pointer.appending("allOf").appending(position) : nil,
                              location.appending("allOf").appending(String(position)), direction,
                              removed: (.breaking, .branchRemoved), added: (.breaking, .branchAdded))
        }
        for keyword in ["oneOf", "anyOf"] {
            let before = BranchTable(schema: old, keyword: keyword, document: oldDocument)
            let after = BranchTable(schema: new, keyword: keyword, document: newDocument)
            guard !before.branches.isEmpty || !after.branches.isEmpty else { continue }
            compareAlternatives(before, after, location.appending(keyword), direction)
        }
    }

    private mutating func compareAlternatives(
        _ old: BranchTable, _ new: BranchTable, _ location: DiffLocation, _ direction: DataDirection
    ) {
        if old.property != nil, new.property != nil, old.property != new.property {
            record(.breaking, .discriminatorChanged, location, old: old.property, new: new.property)
        }
        let byValue = old.property != nil && old.property == new.property
        let oldKeys = old.branches.map { byValue ? $0.label : $0.position }
        let newKeys = new.branches.map { byValue ? $0.label : $0.position }
        let kinds = (removed: (ContractChange.Severity.breaking, ContractChange.Kind.branchRemoved),
                     added: (direction == .request ? ContractChange.Severity.additive : .breaking, ContractChange.Kind.branchAdded))
        for (index, branch) in old.branches.enumerated() {
            let match = newKeys.firstIndex(of: oldKeys[index]).map { new.branches[$0].pointer }
            compareSubschemas(branch.pointer, match, location.appending(oldKeys[index]), direction,
                              removed: kinds.removed, added: kinds.added)
        }
        for (index, branch) in new.branches.enumerated() where !oldKeys.contains(newKeys[index]) {
            compareSubschemas(nil, branch.pointer, location.appending(newKeys[index]), direction,
                              removed: kinds.removed, added: kinds.added)
        }
    }
}

/// The alternatives of a `oneOf`/`anyOf`, each with a stable key for pairing across versions.
struct BranchTable {
    struct Branch {
        var pointer: JSONPointer
        /// `deviceType=oven` when discriminated.
        var label: String
        /// The position as text.
        var position: String
    }

    var property: String?
    var branches: [Branch] = []

    init(schema: ResolvedSchema, keyword: String, document: JSONValue) {
        guard let alternatives = schema.members[keyword]?.arrayValue else { return }
        let declared = schema.members["discriminator"]
        property = DiscriminatorValues.propertyName(declared)
        var mapped: [String: String] = [:]  // target ref → value
        for member in declared?["mapping"]?.objectValue ?? [:] {
            guard let target = member.value.stringValue else { continue }
            mapped[SchemaCompiler.mappingReference(target)] = member.key
        }
        for (position, alternative) in alternatives.enumerated() {
            let pointer = schema.pointer.appending(keyword).appending(position)
            var label = String(position)
            if let property {
                let ref = alternative["$ref"]?.stringValue
                let value = ref.flatMap { mapped[$0] }
                    ?? DiscriminatorValues.values(of: property, in: alternative, document: document).first
                    ?? ref.flatMap { JSONPointer(String($0.dropFirst()))?.tokens.last }
                if let value { label = "\(property)=\(value)" }
            }
            branches.append(Branch(pointer: pointer, label: label, position: String(position)))
        }
    }
}
