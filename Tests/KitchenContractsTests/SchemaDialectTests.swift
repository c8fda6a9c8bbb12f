import Foundation
import HarnessCore
import Testing
@testable import KitchenContracts

/// What contracts in the wild rely on beyond the basics: a discriminator that is only a
/// hint, OpenAPI 3.0's schema object, references to other documents, text compared by code
/// points, and the ECMA-262 meaning of patterns.
@Suite("Schema dialects: discriminator, OpenAPI 3.0, other documents, code points, patterns")
struct SchemaDialectTests {
    @Test("a discriminator is a hint: an object matching the mapped branch and another still fails oneOf")
    func discriminatorKeepsOneOf() throws {
        let schema = try JSONSchema(document: json(#"""
        {"components": {"schemas": {
          "Message": {"oneOf": [{"$ref": "#/components/schemas/Oven"}, {"$ref": "#/components/schemas/Any"}],
                      "discriminator": {"propertyName": "kind", "mapping": {"oven": "Oven"}}},
          "Oven": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}},
          "Any": {"type": "object"}}}}
        """#), pointer: pointer("/components/schemas/Message"))
        let violations = schema.validate(json(#"{"kind": "oven"}"#))
        #expect(violations.map(\.keyword) == ["oneOf"])
        #expect(violations.first?.found == "matches 2 of 2")
    }

    @Test("OpenAPI 3.0: nullable adds null to the type, an enum without null still refuses it, Boolean bounds are exclusive")
    func openAPI30SchemaObject() throws {
        let document = OpenAPI30Upgrade.upgraded(json(#"""
        {"openapi": "3.0.3", "components": {"schemas": {
          "Name": {"type": "string", "nullable": true},
          "Mode": {"type": "string", "nullable": true, "enum": ["bake", "grill"]},
          "Heat": {"type": "integer", "minimum": 0, "exclusiveMinimum": true, "example": 5}}}}
        """#))
        let name = try JSONSchema(document: document, pointer: pointer("/components/schemas/Name"))
        #expect(name.validate(nil) == [] && name.validate("x") == [])
        let mode = try JSONSchema(document: document, pointer: pointer("/components/schemas/Mode"))
        #expect(mode.validate(nil).map(\.keyword) == ["enum"])
        let heat = try JSONSchema(document: document, pointer: pointer("/components/schemas/Heat"))
        #expect(heat.validate(0).map(\.description) == ["(root): expected integer > 0, found 0"])
        #expect(heat.validate(1) == [])
    }

    @Test("a $ref to another document by relative URI, by $id and by anchor resolves through the loader")
    func otherDocuments() throws {
        let device: JSONValue = json(#"""
        {"$id": "https://kitchen.example/device.json",
         "$defs": {"id": {"$anchor": "deviceId", "type": "string", "pattern": "^[a-z]+-[0-9]+$"}}}
        """#)
        let loader = SchemaLoader { uri in uri == "https://kitchen.example/device.json" ? (device, "device.json") : nil }
        let options = SchemaOptions(loader: loader, baseURI: "https://kitchen.example/list.json")
        let schema = try JSONSchema(json(#"""
        {"type": "array", "items": {"anyOf": [{"$ref": "device.json#/$defs/id"}, {"$ref": "https://kitchen.example/device.json#deviceId"}]}}
        """#), options: options)
        #expect(schema.validate(["oven-1"]) == [])
        let violations = schema.validate(["Oven 1"])
        #expect(violations.contains { $0.keyword == "pattern" && $0.schemaPath == "device.json#/$defs/id/pattern" })
    }

    @Test("const, enum and property names compare code points: ä (U+00E4) is not a + U+0308")
    func codePoints() throws {
        let schema = try JSONSchema(json(#"{"properties": {"ä": {"const": "ä"}}, "additionalProperties": false}"#))
        #expect(schema.validate(["\u{E4}": "\u{E4}"]) == [])
        #expect(schema.validate(["\u{E4}": "a\u{308}"]).map(\.keyword) == ["const"])
        #expect(schema.validate(["a\u{308}": "\u{E4}"]).map(\.keyword) == ["additionalProperties"])
    }

    @Test("patterns mean what ECMA-262 says", arguments: [
        ("^\\d+$", "123", true), ("^\\d+$", "١٢٣", false), ("^\\d+$", "123\n", false), ("\\w", "é", false),
        ("^\\p{Letter}+$", "école", true), ("\\s", "\u{FEFF}", true), ("^\\cJ$", "\n", true),
    ])
    func ecmaPatterns(_ pattern: String, _ text: String, _ matches: Bool) throws {
        #expect(try SchemaPattern(pattern).matches(text) == matches)
    }

    /// Plain text, optionally after `^`, is matched by comparing scalars rather than by the regex.
    @Test("plain-text patterns match by Unicode scalars, anywhere or after ^", arguments: [
        ("x", "axb", true), ("x", "abc", false), ("foo", "fofoo", true), ("foo", "fo", false),
        ("^foo", "foobar", true), ("^foo", "afoo", false), ("", "anything", true), ("^", "", true),
        ("^\u{E1}", "a\u{301}", false), ("^\u{E1}", "\u{E1}b", true), ("e", "e\u{301}", true),
        ("\u{1F432}", "a\u{1F432}", true),
    ])
    func plainTextPatterns(_ pattern: String, _ text: String, _ matches: Bool) throws {
        #expect(try SchemaPattern(pattern).matches(text) == matches)
    }
}
