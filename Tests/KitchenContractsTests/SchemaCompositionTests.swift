import HarnessCore
import Testing
@testable import KitchenContracts

@Suite("Composition, discriminators and references")
struct SchemaCompositionTests {
    /// Two device states as an OpenAPI-style document: the discriminator in object form.
    static let openAPIStyle = json(#"""
    {"components": {"schemas": {
      "Message": {"oneOf": [{"$ref": "#/components/schemas/Oven"}, {"$ref": "#/components/schemas/Fridge"}],
                  "discriminator": {"propertyName": "deviceType",
                                    "mapping": {"oven": "#/components/schemas/Oven", "fridge": "Fridge"}}},
      "Oven": {"type": "object", "required": ["deviceType", "targetTemperature"],
               "properties": {"deviceType": {"type": "string"}, "targetTemperature": {"type": "integer", "maximum": 550}}},
      "Fridge": {"type": "object", "required": ["deviceType", "isDoorOpen"],
                 "properties": {"deviceType": {"type": "string"}, "isDoorOpen": {"type": "boolean"}}}
    }}}
    """#)

    /// The same with AsyncAPI's string discriminator; branches say their value with `const`.
    static let asyncAPIStyle = json(#"""
    {"components": {"schemas": {
      "Message": {"oneOf": [{"$ref": "#/components/schemas/Oven"}, {"$ref": "#/components/schemas/Fridge"}],
                  "discriminator": "deviceType"},
      "Oven": {"type": "object", "required": ["deviceType", "targetTemperature"],
               "properties": {"deviceType": {"const": "oven"}, "targetTemperature": {"type": "integer", "maximum": 550}}},
      "Fridge": {"type": "object", "required": ["deviceType", "isDoorOpen"],
                 "properties": {"deviceType": {"const": "fridge"}, "isDoorOpen": {"type": "boolean"}}}
    }}}
    """#)

    @Test("a discriminator selects one branch and reports only that branch's violations", arguments: [openAPIStyle, asyncAPIStyle])
    func discriminatorSelects(_ document: JSONValue) throws {
        let schema = try JSONSchema(document: document, pointer: pointer("/components/schemas/Message"))
        #expect(schema.validate(json(#"{"deviceType": "oven", "targetTemperature": 350}"#)) == [])
        #expect(schema.validate(json(#"{"deviceType": "fridge", "isDoorOpen": false}"#)) == [])
        let violations = schema.validate(json(#"{"deviceType": "oven", "targetTemperature": 900}"#))
        #expect(violations.map(\.description) == ["/targetTemperature: expected integer ≤ 550, found 900"])
        #expect(violations.first?.schemaPath == "#/components/schemas/Oven/properties/targetTemperature/maximum")
    }

    @Test("an unknown or missing discriminator value is one violation at the discriminator", arguments: [openAPIStyle, asyncAPIStyle])
    func discriminatorUnknown(_ document: JSONValue) throws {
        let schema = try JSONSchema(document: document, pointer: pointer("/components/schemas/Message"))
        let unknown = schema.validate(json(#"{"deviceType": "toaster"}"#))
        #expect(unknown.map(\.description) == [#"/deviceType: expected one of "oven", "fridge", found "toaster""#])
        #expect(unknown.first?.keyword == "discriminator")
        #expect(unknown.first?.schemaPath == "#/components/schemas/Message/discriminator")
        #expect(schema.validate(json(#"{"isDoorOpen": true}"#)).map(\.description)
                == [#"/deviceType: expected one of "oven", "fridge", found absent"#])
    }

    @Test("oneOf without a discriminator says how many branches matched, with the nearest branch's violations")
    func oneOfCounts() throws {
        let schema = try JSONSchema(json(#"""
        {"oneOf": [{"type": "string"}, {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}},
                   {"type": "integer"}]}
        """#))
        #expect(schema.validate(5) == [])
        let none = schema.validate(json(#"{"a": "x"}"#))
        #expect(none.map(\.description) == [
            "(root): expected exactly one of 3 schemas, found matches none of 3",
            #"/a: expected integer, found string "x""#,
        ])
        #expect(none.first?.keyword == "oneOf")
        let overlapping = try JSONSchema(json(#"{"oneOf": [{"type": "number"}, {"type": "integer"}]}"#))
        #expect(overlapping.validate(3).map(\.description) == ["(root): expected exactly one of 2 schemas, found matches 2 of 2"])
        #expect(overlapping.validate(3.5) == [])
    }

    @Test("anyOf passes on any match and otherwise reports the nearest branch")
    func anyOf() throws {
        let schema = try JSONSchema(json(#"{"anyOf": [{"type": "string", "minLength": 2}, {"type": "null"}]}"#))
        #expect(schema.validate(nil) == [])
        #expect(schema.validate("ab") == [])
        #expect(schema.validate("a").map(\.description) == [
            "(root): expected at least one of 2 schemas, found matches none of 2",
            #"(root): expected at least 2 characters, found "a" (1 characters)"#,
        ])
    }

    @Test("allOf applies every branch, as the shared error responses narrow the error code")
    func allOf() throws {
        let document = json(#"""
        {"components": {"schemas": {"Error": {"type": "object", "required": ["error", "message"],
            "properties": {"error": {"type": "string"}, "message": {"type": "string"}}}},
         "responses": {"NotFound": {"allOf": [{"$ref": "#/components/schemas/Error"},
            {"properties": {"error": {"enum": ["not_found"]}}}]}}}}
        """#)
        let schema = try JSONSchema(document: document, pointer: pointer("/components/responses/NotFound"))
        #expect(schema.validate(json(#"{"error": "not_found", "message": "no such device"}"#)) == [])
        #expect(schema.validate(json(#"{"error": "conflict"}"#)).map(\.description) == [
            "/message: expected required member, found absent",
            #"/error: expected "not_found", found "conflict""#,
        ])
    }

    @Test("a recursive schema through properties and items validates nested instances and terminates")
    func recursiveSchema() throws {
        let schema = try JSONSchema(json(#"""
        {"$defs": {"Node": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}},
         "$ref": "#/$defs/Node"}
        """#))
        #expect(schema.validate(json(#"{"name": "a", "children": [{"name": "b", "children": [{"name": "c"}]}]}"#)) == [])
        #expect(schema.validate(json(#"{"name": "a", "children": [{"name": "b", "children": [{"name": 3}]}]}"#))
                .map(\.description) == ["/children/0/children/0/name: expected string, found integer 3"])
    }

    @Test("a reference loop that never descends into the instance is refused instead of hanging")
    func inPlaceCycleRefused() {
        let document = json(#"""
        {"components": {"schemas": {"A": {"$ref": "#/components/schemas/B"},
                                    "B": {"allOf": [{"$ref": "#/components/schemas/A"}]}}}}
        """#)
        #expect(throws: ContractError(file: "<inline>", pointer: pointer("/components/schemas/A"), reason: .referenceCycle([
            "#/components/schemas/A", "#/components/schemas/B", "#/components/schemas/B/allOf/0", "#/components/schemas/A",
        ]))) {
            try JSONSchema(document: document, pointer: pointer("/components/schemas/A"))
        }
    }

    @Test("references are JSON Pointers in URI fragments: ~1, ~0 and percent escapes resolve")
    func escapedReferences() throws {
        let schema = try JSONSchema(json(#"""
        {"$defs": {"a/b": {"type": "integer"}, "c~d": {"type": "string"}, "e f": {"type": "boolean"}},
         "properties": {"x": {"$ref": "#/$defs/a~1b"}, "y": {"$ref": "#/$defs/c~0d"}, "z": {"$ref": "#/$defs/e%20f"}}}
        """#))
        #expect(schema.validate(json(#"{"x": 1, "y": "s", "z": true}"#)) == [])
        #expect(schema.validate(json(#"{"x": "1"}"#)).first?.schemaPath == "#/$defs/a~1b/type")
    }

    @Test("an unresolvable reference is refused with the reference and its location")
    func unresolvable() {
        #expect(throws: ContractError(file: "<inline>", pointer: pointer("/properties/x"),
                                      reason: .unresolvableReference("#/$defs/Missing", why: "nothing at that location"))) {
            try JSONSchema(json(##"{"properties": {"x": {"$ref": "#/$defs/Missing"}}}"##))
        }
        #expect(throws: ContractError(file: "<inline>", pointer: .root,
                                      reason: .unresolvableReference("other.json#/A", why: "no document other.json among the contract's files"))) {
            try JSONSchema(json(##"{"$ref": "other.json#/A"}"##))
        }
    }
}
