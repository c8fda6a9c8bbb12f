import HarnessCore

/// A compiled JSON Schema (the 2020-12 subset the contracts use), ready to validate many
/// instances quickly.
///
/// ```swift
/// let schema = try JSONSchema(["type": "integer", "minimum": 170, "maximum": 550])
/// schema.validate(900).map(\.description)   // ["(root): expected integer ≤ 550, found 900"]
/// schema.isValid(350)                        // true
/// ```
///
/// Supported: `type`, `enum`, `const`, `minimum`, `maximum`, `exclusiveMinimum`,
/// `exclusiveMaximum`, `minLength`, `maxLength`, `format: date-time`, `properties`, `required`,
/// `additionalProperties`, `items`, `minItems`, `maxItems`, `allOf`, `anyOf`, `oneOf`,
/// `discriminator` (OpenAPI object form and AsyncAPI string form) and local `$ref`. Other
/// keywords and formats are annotations and are ignored.
public struct JSONSchema: Sendable {
    let graph: SchemaGraph
    let root: Int

    init(graph: SchemaGraph, root: Int) {
        self.graph = graph
        self.root = root
    }

    /// Compiles a standalone schema; its `$ref`s resolve against the schema itself
    /// (`#/$defs/…`).
    public init(_ schema: JSONValue, file: String = "<inline>") throws(ContractError) {
        try self.init(document: schema, pointer: .root, file: file)
    }

    /// Compiles the schema at `pointer` inside `document` (for example
    /// `/components/schemas/OvenState` of an OpenAPI document).
    public init(document: JSONValue, pointer: JSONPointer, file: String = "<inline>") throws(ContractError) {
        var compiler = SchemaCompiler(document: document, file: file)
        let root = try compiler.compile(at: pointer)
        self.init(graph: try compiler.finish(), root: root)
    }

    /// Where this schema lives in its document, as a URI fragment (`#/components/schemas/OvenState`).
    public var schemaPath: String { graph.nodes[root].schemaPath }

    /// Every violation of `instance`, in instance order; pointers start at `base`
    /// (pass `/response/body` to get `/response/body/state/isOn`). Empty when valid.
    public func validate(_ instance: JSONValue, at base: JSONPointer = .root) -> [SchemaViolation] {
        let start = base.tokens.map(InstancePathToken.key)
        var evaluator = SchemaEvaluator(graph: graph, path: start)
        evaluator.evaluate(instance, root)
        return evaluator.violations
    }

    /// Whether `instance` satisfies the schema.
    public func isValid(_ instance: JSONValue) -> Bool {
        validate(instance).isEmpty
    }
}
