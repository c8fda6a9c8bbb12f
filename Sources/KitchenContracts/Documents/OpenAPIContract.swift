import HarnessCore

/// An OpenAPI 3.1 or 3.0.x contract, loaded and checked: its operations, their parameters, bodies
/// and responses, every schema compiled once.
///
/// ```swift
/// let contract = try OpenAPIContract(contentsOf: URL(fileURLWithPath: "Contracts/kitchen.openapi.json"))
/// let power = contract.operation(id: "setOvenPower")!
/// power.response(for: 200)?.schema?.validate(body, at: JSONPointer("/response/body")!)
/// contract.unresolvedReferences()   // []
/// ```
///
/// Loading fails with a `ContractError` on a `$ref` that does not resolve, an operation
/// without `operationId` or with a duplicate one, an undeclared path parameter, a schema
/// loop that never descends into the instance, or a document of the wrong shape.
public struct OpenAPIContract: ContractDocument {
    /// The document as loaded.
    public let document: JSONValue
    /// The file name (or `<inline>`), as used in errors.
    public let file: String
    /// Every operation, in document order (paths, then methods as written).
    public let operations: [OpenAPIOperation]
    let graph: SchemaGraph
    /// How the schemas were compiled, for schemas compiled later.
    let options: SchemaOptions
    private let operationIndex: [String: Int]

    /// Loads a contract already parsed. `options` say how its schemas compile; the
    /// document's `"x-kitchen-formats": "assert"` turns format assertion on.
    public init(document written: JSONValue, file: String = "<inline>", options: SchemaOptions = .init()) throws(ContractError) {
        // OpenAPI 3.0.x is read as the 3.1 document with the same meaning.
        let document = OpenAPI30Upgrade.upgraded(written)
        let options = options.adjusted(by: document)
        var loader = OpenAPILoader(document: document, file: file, options: options)
        let (operations, graph) = try loader.load()
        self.document = document
        self.file = file
        self.operations = operations
        self.graph = graph
        self.options = options
        self.operationIndex = Dictionary(operations.enumerated().map { ($1.operationId, $0) }) { _, last in last }
    }

    /// The operation with `operationId`.
    public func operation(id: String) -> OpenAPIOperation? {
        operationIndex[id].map { operations[$0] }
    }

    /// The compiled schema `components/schemas/<name>`.
    public func schema(named name: String) -> JSONSchema? {
        graph.schema(at: JSONPointer(tokens: ["components", "schemas", name]))
    }

    /// The schema at any location of the document (compiled on demand when the loader did not need it).
    public func schema(at pointer: JSONPointer) throws(ContractError) -> JSONSchema {
        if let compiled = graph.schema(at: pointer) { return compiled }
        return try JSONSchema(document: document, pointer: pointer, file: file, options: options)
    }
}
