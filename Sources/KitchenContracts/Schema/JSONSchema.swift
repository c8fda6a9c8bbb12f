import HarnessCore

/// A compiled JSON Schema (draft 2020-12: the core, applicator, unevaluated and validation
/// vocabularies, `format` as an annotation or, when asked, an assertion), ready to validate
/// many instances quickly.
///
/// ```swift
/// let schema = try JSONSchema(["type": "integer", "minimum": 170, "maximum": 550])
/// schema.validate(900).map(\.description)   // ["(root): expected integer ≤ 550, found 900"]
/// schema.isValid(350)                        // true
/// ```
///
/// References resolve against `$id`s and the document's own URI, to documents the
/// options' loader supplies; never over the network. OpenAPI's `discriminator` (object
/// form) and AsyncAPI's (string form) pick the branch whose violations are reported.
public struct JSONSchema: Sendable {
    let graph: SchemaGraph
    let root: Int
}

extension JSONSchema {
    /// Compiles a standalone schema; its references resolve against the schema itself
    /// (`#/$defs/…`, `$id`s and anchors inside it) and the documents `options` can load.
    public init(_ schema: JSONValue, file: String = "<inline>", options: SchemaOptions = .init()) throws(ContractError) {
        var compiler = SchemaCompiler(document: schema, file: file, options: options, isSchema: true)
        let root = try compiler.compile(at: .root)
        self.init(graph: try compiler.finish(), root: root)
    }

    /// Compiles the schema at `pointer` inside `document` (for example
    /// `/components/schemas/OvenState` of an OpenAPI document).
    public init(
        document: JSONValue, pointer: JSONPointer, file: String = "<inline>", options: SchemaOptions = .init()
    ) throws(ContractError) {
        var compiler = SchemaCompiler(document: document, file: file, options: options)
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

    /// Whether `instance` satisfies the schema: the verdict of ``validate(_:at:)`` without
    /// its words, stopping at the first violation.
    public func isValid(_ instance: JSONValue) -> Bool {
        // `$dynamicRef` resolves against the dynamic scope, which only `SchemaEvaluator` keeps.
        if graph.dynamicAnchors.isEmpty {
            return graph.rules.withUnsafeBufferPointer { SchemaVerdict(graph: graph, rules: $0).holds(instance, root) }
        }
        var evaluator = SchemaEvaluator(graph: graph, detailed: false)
        evaluator.evaluate(instance, root)
        return evaluator.failures == 0
    }
}
