/// The schema keywords the checker knows: those it enforces, and those that only annotate.
///
/// Any other keyword in a contract's schema is refused when the contract loads
/// (``ContractError/Reason/unsupportedKeyword(_:)``), so that a rule such as `pattern`
/// or `uniqueItems` is never silently passed.
///
/// ```swift
/// SchemaKeywords.isKnown("minLength")   // true: enforced
/// SchemaKeywords.isKnown("x-internal")  // true: an extension, ignored
/// SchemaKeywords.isKnown("pattern")     // false: refused
/// ```
enum SchemaKeywords {
    /// Keywords the evaluator enforces (JSON Schema 2020-12 validation and applicators,
    /// OpenAPI's `discriminator`).
    static let enforced: Set<String> = [
        "$ref", "type", "enum", "const",
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "minLength", "maxLength", "minItems", "maxItems",
        "required", "properties", "additionalProperties", "items",
        "allOf", "anyOf", "oneOf", "discriminator",
        // `date-time` is asserted; any other format is an annotation, as JSON Schema
        // 2020-12 §7.2 makes format by default.
        "format",
    ]

    /// Keywords that describe but never constrain an instance (JSON Schema 2020-12 §9,
    /// Core §8.2–8.3; OpenAPI 3.1 §4.8.24), and containers of schemas reached only by `$ref`.
    static let annotations: Set<String> = [
        "title", "description", "default", "examples", "example", "$comment", "deprecated",
        "readOnly", "writeOnly", "contentMediaType", "contentEncoding", "externalDocs", "xml",
        "$schema", "$defs", "definitions",
    ]

    /// Whether `keyword` is enforced, an annotation, or a specification extension (`x-…`).
    static func isKnown(_ keyword: String) -> Bool {
        enforced.contains(keyword) || annotations.contains(keyword) || keyword.hasPrefix("x-")
    }
}
