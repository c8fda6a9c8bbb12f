import HarnessCore

/// An OpenAPI 3.0.x document rewritten as the 3.1 document that means the same, so one
/// checker and one differ serve both versions (OpenAPI 3.0.3 §4.7.24 against 3.1's JSON
/// Schema 2020-12). Locations do not move, so errors and violations point into the file as
/// written.
///
/// - `nullable: true` beside a `type` adds `"null"` to the type (3.0.3: other keywords, such
///   as an `enum` without `null`, still refuse it); `nullable` is then dropped.
/// - Boolean `exclusiveMinimum`/`exclusiveMaximum` become the numeric bounds of 2020-12.
/// - A `$ref`'s sibling keywords are ignored in 3.0 (§4.7.25), so they are dropped.
/// - `example` stays an annotation; the `openapi` member is left as written.
///
/// ```swift
/// OpenAPI30Upgrade.upgraded(["openapi": "3.0.3", "components": ["schemas": ["T": ["type": "string", "nullable": true]]]])
/// // …"T": {"type": ["string", "null"]}
/// ```
enum OpenAPI30Upgrade {
    /// `document` as OpenAPI 3.1 when it declares 3.0.x; unchanged otherwise.
    static func upgraded(_ document: JSONValue) -> JSONValue {
        document["openapi"]?.stringValue?.hasPrefix("3.0") == true ? upgrade(document) : document
    }

    private static func upgrade(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map(upgrade))
        case .object(var object):
            if case .string(let ref)? = object["$ref"] { return ["$ref": .string(ref)] }
            upgradeKeywords(&object)
            return .object(JSONObject(uniqueMembers: object.members.map { member in
                // Examples, defaults and enumerations are data: left as written.
                let isData = ["example", "examples", "default", "enum", "const"].contains(member.key)
                return JSONObject.Member(key: member.key, value: isData ? member.value : upgrade(member.value))
            }))
        default:
            return value
        }
    }

    private static func upgradeKeywords(_ object: inout JSONObject) {
        if case .bool(let nullable)? = object["nullable"] {
            object["nullable"] = nil
            if nullable, let type = object["type"] {
                switch type {
                case .string(let name): object["type"] = [.string(name), "null"]
                case .array(let names) where !names.contains("null"): object["type"] = .array(names + ["null"])
                default: break
                }
            }
        }
        for (exclusive, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
            guard case .bool(let isExclusive)? = object[exclusive] else { continue }
            object[exclusive] = nil
            if isExclusive, let limit = object[bound] {
                object[exclusive] = limit
                object[bound] = nil
            }
        }
    }
}
