import HarnessCore

/// The documents a compile may reach and the schema resources inside them: each document's
/// URI, every `$id` (a resource), `$anchor` and `$dynamicAnchor` (JSON Schema Core 2020-12
/// §8.2), found by one walk of each document when it is added. References are resolved
/// here, against these URIs only: a document not added yet is asked of the loader, which
/// reads local files or test fixtures and never the network.
///
/// ```swift
/// var registry = SchemaRegistry(loader: nil)
/// let document = registry.add(schema, uri: "file:///contracts/device.json", label: "device.json", isSchema: true)
/// registry.locate("#/$defs/id", from: "file:///contracts/device.json")   // (document, /$defs/id)
/// ```
struct SchemaRegistry {
    /// One added document.
    struct Document {
        var value: JSONValue
        var uri: String
        /// The name used in messages (a file name, `<inline>`).
        var label: String
        /// Resource index of each location that starts a resource, by pointer text.
        var resourceRoots: [String: Int] = [:]
    }

    /// A schema resource: a document root or a subschema with `$id`.
    struct Resource {
        var uri: String
        var document: Int
        var pointer: JSONPointer
        /// `$dynamicAnchor` names declared in this resource, and where.
        var dynamicAnchors: [String: JSONPointer] = [:]
    }

    /// A schema location: a document and a pointer inside it.
    struct Location: Hashable {
        var document: Int
        var pointer: JSONPointer
    }

    private(set) var documents: [Document] = []
    private(set) var resources: [Resource] = []
    private(set) var resourceByURI: [String: Int] = [:]
    /// `absolute-uri#name` → where the anchor stands and whether it is dynamic.
    private(set) var anchors: [String: (location: Location, isDynamic: Bool)] = [:]
    let loader: SchemaLoader?

    /// Adds `value` as the document at `uri` and indexes its resources and anchors.
    /// `isSchema` says the root is a schema (so only schema keywords are walked); an API
    /// document is walked everywhere except data members.
    @discardableResult
    mutating func add(_ value: JSONValue, uri: String, label: String, isSchema: Bool) -> Int {
        let index = documents.count
        documents.append(Document(value: value, uri: URIReference.absolute(uri), label: label))
        let root = addResource(uri: URIReference.absolute(uri), document: index, pointer: .root)
        walk(value, at: .root, document: index, resource: root, base: URIReference.absolute(uri), isSchema: isSchema)
        return index
    }

    /// The innermost resource holding `location`.
    func resource(containing location: Location) -> Int {
        let roots = documents[location.document].resourceRoots
        var tokens = location.pointer.tokens
        while true {
            if let resource = roots[JSONPointer(tokens: tokens).description] { return resource }
            if tokens.isEmpty { return 0 }
            tokens.removeLast()
        }
    }

    /// Where `reference`, written in a schema whose base URI is `base`, leads; the loader is
    /// asked for a document not yet added. Also says whether the target is a dynamic anchor
    /// of the fragment's name (for `$dynamicRef`, Core §8.2.3.2).
    mutating func locate(
        _ reference: String, from base: String
    ) -> Result<(location: Location, dynamicAnchor: String?), ReferenceFailure> {
        let target = URIReference.resolve(reference, against: base)
        let absolute = URIReference.absolute(target)
        guard let rawFragment = PercentEncoding.decodeStrictly(Substring(URIReference.fragment(target))) else {
            return .failure(.badFragment)
        }
        if resourceByURI[absolute] == nil, let loader, let loaded = loader.load(absolute) {
            add(loaded.value, uri: absolute, label: loaded.label, isSchema: true)
        }
        guard let resourceIndex = resourceByURI[absolute] else { return .failure(.noDocument(absolute)) }
        let resource = resources[resourceIndex]
        if rawFragment.isEmpty {
            return .success((Location(document: resource.document, pointer: resource.pointer), nil))
        }
        if rawFragment.hasPrefix("/") {
            guard let pointer = JSONPointer(rawFragment) else { return .failure(.badFragment) }
            let location = Location(document: resource.document, pointer: resource.pointer.appending(pointer))
            guard location.pointer.resolve(in: documents[location.document].value) != nil else {
                return .failure(.nothingThere)
            }
            return .success((location, nil))
        }
        guard let anchor = anchors[absolute + "#" + rawFragment] else { return .failure(.noAnchor(rawFragment)) }
        return .success((anchor.location, anchor.isDynamic ? rawFragment : nil))
    }

    /// Where `reference`, written at `location`, leads (``locate(_:from:)`` from the base URI
    /// in force there), or the `ContractError` that names it and says why it leads nowhere.
    mutating func require(
        _ reference: String, at location: Location
    ) throws(ContractError) -> (location: Location, dynamicAnchor: String?) {
        switch locate(reference, from: resources[resource(containing: location)].uri) {
        case .failure(let failure):
            throw ContractError(file: documents[location.document].label, pointer: location.pointer,
                                reason: .unresolvableReference(reference, why: failure.explanation))
        case .success(let target):
            return target
        }
    }

    /// The value at `location`.
    func value(at location: Location) -> JSONValue? {
        location.pointer.resolve(in: documents[location.document].value)
    }

    /// Why a reference leads nowhere.
    enum ReferenceFailure: Error {
        case badFragment
        case noDocument(String)
        case nothingThere
        case noAnchor(String)

        var explanation: String {
            switch self {
            case .badFragment: "the fragment is neither a JSON Pointer nor an anchor name"
            case .noDocument(let uri): "no document \(uri) among the contract's files"
            case .nothingThere: "nothing at that location"
            case .noAnchor(let name): "no anchor \"\(name)\" in that document"
            }
        }
    }

    private mutating func addResource(uri: String, document: Int, pointer: JSONPointer) -> Int {
        if let existing = documents[document].resourceRoots[pointer.description] {
            // A document root with `$id`: the identifier is its base URI from now on, and
            // the URI it was retrieved by still finds it (Core 2020-12 §8.2.1).
            resources[existing].uri = uri
            resourceByURI[uri] = resourceByURI[uri] ?? existing
            return existing
        }
        let index = resources.count
        resources.append(Resource(uri: uri, document: document, pointer: pointer))
        resourceByURI[uri] = resourceByURI[uri] ?? index
        documents[document].resourceRoots[pointer.description] = index
        return index
    }

    private mutating func walk(
        _ value: JSONValue, at pointer: JSONPointer, document: Int, resource: Int, base: String, isSchema: Bool
    ) {
        switch value {
        case .object(let object):
            var resource = resource, base = base
            if case .string(let id)? = object["$id"] {
                base = URIReference.absolute(URIReference.resolve(id, against: base))
                resource = addResource(uri: base, document: document, pointer: pointer)
            }
            let location = Location(document: document, pointer: pointer)
            if case .string(let name)? = object["$anchor"] {
                anchors[base + "#" + name] = anchors[base + "#" + name] ?? (location, false)
            }
            if case .string(let name)? = object["$dynamicAnchor"] {
                anchors[base + "#" + name] = (location, true)
                resources[resource].dynamicAnchors[name] = pointer
            }
            for member in object {
                let inner = pointer.appending(member.key)
                if isSchema {
                    switch SchemaKeywords.subschemaShape(of: member.key) {
                    case .single: walk(member.value, at: inner, document: document, resource: resource, base: base, isSchema: true)
                    case .list, .map:
                        for child in children(of: member.value, at: inner) {
                            walk(child.value, at: child.pointer, document: document, resource: resource, base: base, isSchema: true)
                        }
                    case nil: break
                    }
                } else if !ContractReferences.dataKeywords.contains(member.key), member.key != "examples" {
                    walk(member.value, at: inner, document: document, resource: resource, base: base, isSchema: false)
                }
            }
        case .array(let elements) where !isSchema:
            for (position, element) in elements.enumerated() {
                walk(element, at: pointer.appending(position), document: document, resource: resource, base: base, isSchema: false)
            }
        default:
            break
        }
    }

    private func children(of value: JSONValue, at pointer: JSONPointer) -> [(value: JSONValue, pointer: JSONPointer)] {
        switch value {
        case .array(let elements): elements.enumerated().map { ($1, pointer.appending($0)) }
        case .object(let object): object.members.map { ($0.value, pointer.appending($0.key)) }
        default: []
        }
    }
}

/// Documents a compile may load by URI: the other files of a contract folder, or a test
/// suite's fixtures. Never the network.
///
/// ```swift
/// let loader = SchemaLoader { uri in uri == "http://localhost:1234/integer.json" ? (["type": "integer"], "integer.json") : nil }
/// ```
public struct SchemaLoader: Sendable {
    let load: @Sendable (String) -> (value: JSONValue, label: String)?

    /// A loader answering an absolute URI (no fragment) with a document and a label for
    /// messages, or `nil` when it has none.
    public init(_ load: @escaping @Sendable (String) -> (value: JSONValue, label: String)?) {
        self.load = load
    }
}
