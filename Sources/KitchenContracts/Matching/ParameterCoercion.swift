import HarnessCore

/// Turning parameter text into the JSON value its schema describes, so that `?limit=5`
/// is checked as the integer 5 (OpenAPI 3.1 §4.8.12.4: simple and form styles carry
/// primitives as their plain text).
enum ParameterCoercion {
    /// The value for one or more occurrences of a parameter. One occurrence becomes a
    /// scalar, several an array (the `form` style with `explode: true`).
    static func value(of texts: [String], for schema: JSONSchema?) -> JSONValue {
        guard let schema else { return texts.count == 1 ? .string(texts[0]) : .array(texts.map(JSONValue.string)) }
        let types = declared(\.types, schema.graph, schema.root)
        if texts.count == 1, types?.contains(.array) != true {
            return scalar(texts[0], types: types)
        }
        let itemTypes = declared(\.items, schema.graph, schema.root).flatMap { declared(\.types, schema.graph, $0) }
        return .array(texts.map { scalar($0, types: itemTypes) })
    }

    /// `text` as the first type it fits: itself when strings are allowed, else a number,
    /// else a Boolean; left a string when nothing fits, so the type violation shows it.
    static func scalar(_ text: String, types: SchemaTypes?) -> JSONValue {
        guard let types, !types.contains(.string) else { return .string(text) }
        if !types.isDisjoint(with: [.integer, .number]), let number = try? JSONValue(parsing: text), case .number = number {
            return number
        }
        if types.contains(.boolean), text == "true" || text == "false" { return .bool(text == "true") }
        if types.contains(.null), text.isEmpty || text == "null" { return .null }
        return .string(text)
    }

    /// What a schema declares at `member` (`types`, `items`), looking through plain `$ref`s.
    private static func declared<Member>(_ member: KeyPath<SchemaRules, Member?>, _ graph: SchemaGraph, _ index: Int) -> Member? {
        var current = index
        for _ in 0..<ContractReferences.maximumHops {
            let rules = graph.nodes[current].rules
            if let found = rules[keyPath: member] { return found }
            guard let next = rules.reference else { return nil }
            current = next
        }
        return nil
    }
}
