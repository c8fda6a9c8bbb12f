import HarnessCore

/// Shape checks shared by the OpenAPI and AsyncAPI loaders: each failure becomes a
/// `ContractError` naming the file and the location.
struct DocumentReader {
    let document: JSONValue
    let file: String

    func malformed(_ pointer: JSONPointer, _ what: String) -> ContractError {
        ContractError(file: file, pointer: pointer, reason: .malformedDocument(what))
    }

    /// The root object, which must declare version 3 in `member` (`openapi`, `asyncapi`).
    func root(declaring member: String, of specification: String) throws(ContractError) -> JSONObject {
        guard case .object(let root) = document else { throw malformed(.root, "the document must be an object") }
        guard let version = root[member]?.stringValue, version.hasPrefix("3.") else {
            throw malformed(.root, "not an \(specification) 3 document (no \"\(member)\": \"3.x\")")
        }
        return root
    }

    /// The object at `pointer`, following `$ref`s (components such as responses, parameters
    /// and messages are often references), with the location where it really lives.
    func object(at pointer: JSONPointer) throws(ContractError) -> (object: JSONObject, pointer: JSONPointer) {
        var location = pointer
        for _ in 0..<ContractReferences.maximumHops {
            guard case .object(let object)? = location.resolve(in: document) else {
                throw malformed(location, "expected an object")
            }
            guard case .string(let ref)? = object["$ref"] else { return (object, location) }
            location = try ContractReferences.require(ref, in: document, file: file, at: location).pointer
        }
        throw malformed(pointer, "more than \(ContractReferences.maximumHops) $ref hops (a reference loop?)")
    }

    /// The members of the optional object at `pointer`; empty when absent.
    func members(at pointer: JSONPointer) throws(ContractError) -> [JSONObject.Member] {
        switch pointer.resolve(in: document) {
        case nil: return []
        case .object(let object)?: return object.members
        default: throw malformed(pointer, "expected an object")
        }
    }

    /// The optional string member `key` of `object`.
    func string(_ object: JSONObject, _ key: String, at pointer: JSONPointer) throws(ContractError) -> String? {
        switch object[key] {
        case nil: return nil
        case .string(let text)?: return text
        default: throw malformed(pointer.appending(key), "\(key) must be a string")
        }
    }

    /// The optional Boolean member `key` of `object`, `false` when absent.
    func bool(_ object: JSONObject, _ key: String, at pointer: JSONPointer) throws(ContractError) -> Bool {
        switch object[key] {
        case nil: return false
        case .bool(let value)?: return value
        default: throw malformed(pointer.appending(key), "\(key) must be a Boolean")
        }
    }

    /// The JSON media type in a `content` map: `application/json` first, then any `…/json`
    /// or `…+json`, then the first one declared. `nil` without content.
    func chooseMediaType(_ content: JSONObject) -> String? {
        if content["application/json"] != nil { return "application/json" }
        let keys = content.keys
        return keys.first { $0.hasSuffix("/json") || $0.hasSuffix("+json") } ?? keys.first
    }
}

extension SchemaCompiler {
    /// The finished graph, with every schema under `components/schemas` of the document
    /// `reader` reads compiled as well (a contract's named schemas, used or not).
    mutating func finish(withComponentsOf reader: DocumentReader) throws(ContractError) -> SchemaGraph {
        for schema in try reader.members(at: JSONPointer(tokens: ["components", "schemas"])) {
            _ = try compile(at: JSONPointer(tokens: ["components", "schemas", schema.key]))
        }
        return try finish()
    }
}
