/// The schema keywords the checker knows: those it enforces, and those that only annotate.
///
/// With ``SchemaOptions/UnknownKeywords/refuse`` (the default for contracts) any other
/// keyword in a schema is refused when the contract loads
/// (``ContractError/Reason/unsupportedKeyword(_:)``), so that a misspelt or foreign rule
/// is never silently passed.
///
/// ```swift
/// SchemaKeywords.isKnown("minLength")   // true: enforced
/// SchemaKeywords.isKnown("x-internal")  // true: an extension, ignored
/// SchemaKeywords.isKnown("nullable")    // false: OpenAPI 3.0 only, refused in 3.1
/// ```
enum SchemaKeywords {
    /// Keywords the evaluator enforces: JSON Schema 2020-12's core, applicator, unevaluated
    /// and validation vocabularies, `format`, and OpenAPI's `discriminator`.
    static let enforced: Set<String> = [
        "$ref", "$dynamicRef", "type", "enum", "const",
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
        "minLength", "maxLength", "pattern", "format",
        "minItems", "maxItems", "uniqueItems", "minContains", "maxContains",
        "required", "minProperties", "maxProperties", "dependentRequired",
        "properties", "patternProperties", "additionalProperties", "propertyNames", "dependentSchemas",
        "prefixItems", "items", "contains", "unevaluatedItems", "unevaluatedProperties",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "discriminator",
    ]

    /// Keywords that describe but never constrain an instance (JSON Schema 2020-12
    /// meta-data and content vocabularies, Core §8), identifiers, and containers of
    /// schemas reached only by reference.
    static let annotations: Set<String> = [
        "title", "description", "default", "examples", "example", "$comment", "deprecated",
        "readOnly", "writeOnly", "contentMediaType", "contentEncoding", "contentSchema", "externalDocs", "xml",
        "$schema", "$id", "$anchor", "$dynamicAnchor", "$vocabulary", "$defs", "definitions",
    ]

    /// Whether `keyword` is enforced, an annotation, or a specification extension (`x-…`).
    static func isKnown(_ keyword: String) -> Bool {
        enforced.contains(keyword) || annotations.contains(keyword) || keyword.hasPrefix("x-")
    }

    /// How a keyword holds subschemas, for walking a schema without compiling it.
    enum SubschemaShape {
        case single
        case list
        case map
    }

    /// The shape of `keyword`'s subschemas; `nil` for keywords whose values are data.
    static func subschemaShape(of keyword: String) -> SubschemaShape? {
        switch keyword {
        case "items", "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else",
             "unevaluatedItems", "unevaluatedProperties", "contentSchema": .single
        case "allOf", "anyOf", "oneOf", "prefixItems": .list
        case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas": .map
        default: nil
        }
    }
}
