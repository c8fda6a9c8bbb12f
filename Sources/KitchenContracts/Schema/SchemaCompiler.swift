import HarnessCore

/// Turns the schemas of a document (and of the documents it references) into a
/// `SchemaGraph`: each location compiled once, references resolved to indices, keyword
/// values checked for shape.
///
/// ```swift
/// var compiler = SchemaCompiler(document: document, file: "kitchen.openapi.json")
/// let root = try compiler.compile(at: JSONPointer("/components/schemas/OvenState")!)
/// let graph = try compiler.finish()
/// ```
struct SchemaCompiler {
    let file: String
    let options: SchemaOptions
    var registry: SchemaRegistry
    private var nodes: [SchemaNode?] = []
    private var indexByLocation: [SchemaRegistry.Location: Int] = [:]
    /// `$dynamicAnchor` names some `$dynamicRef` depends on.
    private var dynamicNames: Set<String> = []
    /// The vocabularies each resource's metaschema declares (`nil`: no `$vocabulary`, all apply).
    private var vocabularies: [Int: Set<String>?] = [:]

    /// The main document of the compile: a contract (API document) or, with
    /// `isSchema`, a JSON Schema.
    init(document: JSONValue, file: String, options: SchemaOptions = .init(), isSchema: Bool = false) {
        self.file = file
        self.options = options
        registry = SchemaRegistry(loader: options.loader)
        registry.add(document, uri: options.baseURI ?? "", label: file, isSchema: isSchema)
    }

    /// The compiled node for the schema at `pointer` in the main document.
    mutating func compile(at pointer: JSONPointer) throws(ContractError) -> Int {
        try compile(SchemaRegistry.Location(document: 0, pointer: pointer))
    }

    /// The compiled node at `location`, compiling it (and what it refers to) on first use.
    mutating func compile(_ location: SchemaRegistry.Location) throws(ContractError) -> Int {
        if let index = indexByLocation[location] { return index }
        guard let value = registry.value(at: location) else {
            throw malformed(location, "no schema at this location")
        }
        // Reserve the index first: a reference back to this location, met while compiling
        // its children, gets the index instead of recursing.
        let index = nodes.count
        nodes.append(nil)
        indexByLocation[location] = index
        let resource = registry.resource(containing: location)
        let rules = try compileRules(value, at: location, resource: resource)
        nodes[index] = SchemaNode(schemaPath: schemaPath(location), resource: resource, rules: rules)
        return index
    }

    /// The finished graph, after checking that no schema loops back to itself in place.
    mutating func finish() throws(ContractError) -> SchemaGraph {
        // A `$dynamicRef` may land on the dynamic anchor of any resource in scope: compile
        // them all, including those of documents loaded along the way.
        var dynamicAnchors: [String: [Int: Int]] = [:]
        var compiledCount = -1
        while compiledCount != nodes.count {
            compiledCount = nodes.count
            for name in dynamicNames.sorted() {
                for (resourceIndex, resource) in registry.resources.enumerated() {
                    guard let pointer = resource.dynamicAnchors[name] else { continue }
                    let location = SchemaRegistry.Location(document: resource.document, pointer: pointer)
                    dynamicAnchors[name, default: [:]][resourceIndex] = try compile(location)
                }
            }
        }
        // Every reserved index is filled once its schema compiles; a compiler whose `compile`
        // threw is not finished.
        let finished = nodes.compactMap { $0 }
        guard finished.count == nodes.count else { throw malformed(.init(document: 0, pointer: .root), "a schema did not finish compiling") }
        let indexByPath = Dictionary(uniqueKeysWithValues: indexByLocation.filter { $0.key.document == 0 }
            .map { ("#" + $0.key.pointer.description, $0.value) })
        let graph = SchemaGraph(nodes: finished, indexByPath: indexByPath, dynamicAnchors: dynamicAnchors)
        if let loop = SchemaCycleCheck.firstInPlaceCycle(in: graph) {
            let start = JSONPointer(String(loop[0].drop { $0 != "#" }.dropFirst())) ?? .root
            throw ContractError(file: file, pointer: start, reason: .referenceCycle(loop))
        }
        return graph
    }

    /// `#/pointer` in the main document, `label#/pointer` in another.
    func schemaPath(_ location: SchemaRegistry.Location) -> String {
        let fragment = "#" + location.pointer.description
        return location.document == 0 ? fragment : registry.documents[location.document].label + fragment
    }

    func malformed(_ location: SchemaRegistry.Location, _ what: String) -> ContractError {
        ContractError(file: registry.documents[location.document].label, pointer: location.pointer,
                      reason: .malformedDocument(what))
    }

    /// The node a `$ref` (or a discriminator mapping) at `location` names.
    mutating func compileReference(
        _ reference: String, at location: SchemaRegistry.Location
    ) throws(ContractError) -> (node: Int, dynamicAnchor: String?) {
        let target = try registry.require(reference, at: location)
        return (try compile(target.location), target.dynamicAnchor)
    }

    private mutating func compileRules(
        _ value: JSONValue, at location: SchemaRegistry.Location, resource: Int
    ) throws(ContractError) -> SchemaRules {
        var rules = SchemaRules()
        switch value {
        case .bool(let accepts):
            // JSON Schema Core 2020-12 §4.3.2: `true` accepts everything, `false` nothing.
            rules.isFalse = !accepts
            return rules
        case .object(let object):
            if options.unknownKeywords == .refuse, let unknown = object.keys.first(where: { !SchemaKeywords.isKnown($0) }) {
                throw ContractError(file: registry.documents[location.document].label,
                                    pointer: location.pointer.appending(unknown), reason: .unsupportedKeyword(unknown))
            }
            if case .string(let ref)? = object["$ref"] {
                rules.reference = try compileReference(ref, at: location).node
            }
            if case .string(let ref)? = object["$dynamicRef"] {
                let target = try compileReference(ref, at: location)
                rules.dynamicReference = DynamicReference(target: target.node, anchor: target.dynamicAnchor)
                if let name = target.dynamicAnchor { dynamicNames.insert(name) }
            }
            let declared = declaredVocabularies(resource)
            if declared?.contains(Self.validationVocabulary) ?? true {
                try compileAssertions(object, at: location, into: &rules)
            }
            let assertsFormats = options.formats == .assert || declared?.contains(Self.formatAssertionVocabulary) == true
            if assertsFormats, let name = object["format"]?.stringValue { rules.format = FormatChecks.named[name] }
            try compileObjectRules(object, at: location, into: &rules)
            try compileApplicators(object, at: location, into: &rules)
            rules.summarize()
            return rules
        default:
            throw malformed(location, "a schema must be an object or a boolean")
        }
    }

    static let validationVocabulary = "https://json-schema.org/draft/2020-12/vocab/validation"
    static let formatAssertionVocabulary = "https://json-schema.org/draft/2020-12/vocab/format-assertion"

    /// The vocabularies `resource`'s `$schema` declares in its `$vocabulary` (Core 2020-12
    /// §8.1.2); `nil` when it declares none. Without the validation vocabulary its keywords
    /// are annotations; with format-assertion, `format` asserts.
    private mutating func declaredVocabularies(_ resource: Int) -> Set<String>? {
        if let known = vocabularies[resource] { return known }
        var answer: Set<String>?
        let root = registry.resources[resource]
        let location = SchemaRegistry.Location(document: root.document, pointer: root.pointer)
        if case .string(let metaschema)? = registry.value(at: location)?["$schema"],
           case .success(let target) = registry.locate(metaschema, from: root.uri),
           case .object(let declared)? = registry.value(at: target.location)?["$vocabulary"] {
            answer = Set(declared.keys)
        }
        vocabularies[resource] = answer
        return answer
    }
}

extension SchemaRegistry.Location {
    /// The location of member `key` of the schema here.
    func appending(_ key: String) -> SchemaRegistry.Location {
        SchemaRegistry.Location(document: document, pointer: pointer.appending(key))
    }

    /// The location of element `index` of the array here.
    func appending(_ index: Int) -> SchemaRegistry.Location {
        SchemaRegistry.Location(document: document, pointer: pointer.appending(index))
    }
}
