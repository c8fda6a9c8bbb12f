import HarnessCore

/// How values and value sets are written inside violation and change messages, so every
/// message in the module reads the same way.
package enum ValueWording {
    /// The longest string quoted in full; longer ones are cut with an ellipsis.
    static let maximumQuotedLength = 60

    /// A short rendering of an instance value: scalars as JSON text, containers by kind and size.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null, .bool, .number:
            return value.description
        case .string(let text):
            guard text.unicodeScalars.count > maximumQuotedLength else { return value.description }
            let prefix = String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumQuotedLength)))
            return JSONValue.string(prefix).description.dropLast() + "…\""
        case .array(let elements):
            return elements.count == 1 ? "array of 1 item" : "array of \(elements.count) items"
        case .object:
            return "object"
        }
    }

    /// A type mismatch's "found": the kind, followed by the value for scalars (`string "yes"`).
    static func describeWithType(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .array, .object: describe(value)
        default: "\(value.typeName) \(describe(value))"
        }
    }

    /// A list of alternatives: `a`, `a or b`, `a, b or c`.
    package static func alternatives(_ words: [String]) -> String {
        switch words.count {
        case 0: return "nothing"
        case 1: return words[0]
        default: return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
        }
    }

    /// `one of "low", "medium", "high"` for an enumeration.
    static func oneOf(_ values: [JSONValue]) -> String {
        values.count == 1 ? values[0].description : "one of " + values.map(\.description).joined(separator: ", ")
    }

    /// A value in a few words: its JSON text, cut at 80 characters.
    package static func short(_ value: JSONValue) -> String {
        let text = value.description
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}
