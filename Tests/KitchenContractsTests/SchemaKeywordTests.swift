import HarnessCore
import Testing
@testable import KitchenContracts

/// One keyword, an instance that satisfies it, one that does not, and the exact violation.
/// Applicators (`items`, `properties`) report the keyword of the rule that fails inside them.
struct KeywordCase: Sendable, CustomTestStringConvertible {
    var keyword: String
    var schema: String
    var valid: String
    var invalid: String
    var pointer: String
    var expected: String
    var found: String
    /// Where the failing rule lives; `#/<keyword>` unless given.
    var schemaPath: String?

    var testDescription: String { "\(schemaPath ?? keyword): \(invalid)" }
}

@Suite("JSON Schema keywords")
struct SchemaKeywordTests {
    static let cases: [KeywordCase] = [
        KeywordCase(keyword: "type", schema: #"{"type": "integer"}"#, valid: "5", invalid: "5.5",
                    pointer: "", expected: "integer", found: "number 5.5"),
        KeywordCase(keyword: "type", schema: #"{"type": "integer"}"#, valid: "5.0", invalid: #""5""#,
                    pointer: "", expected: "integer", found: #"string "5""#),
        KeywordCase(keyword: "type", schema: #"{"type": ["string", "null"]}"#, valid: "null", invalid: "true",
                    pointer: "", expected: "string or null", found: "boolean true"),
        KeywordCase(keyword: "type", schema: #"{"type": "number"}"#, valid: "7", invalid: "[]",
                    pointer: "", expected: "number", found: "array of 0 items"),
        KeywordCase(keyword: "enum", schema: #"{"enum": ["low", "medium", "high"]}"#, valid: #""medium""#, invalid: #""max""#,
                    pointer: "", expected: #"one of "low", "medium", "high""#, found: #""max""#),
        KeywordCase(keyword: "enum", schema: #"{"enum": [1, null]}"#, valid: "1.0", invalid: "2",
                    pointer: "", expected: "one of 1, null", found: "2"),
        KeywordCase(keyword: "const", schema: #"{"const": "state"}"#, valid: #""state""#, invalid: #""snapshot""#,
                    pointer: "", expected: #""state""#, found: #""snapshot""#),
        KeywordCase(keyword: "minimum", schema: #"{"type": "integer", "minimum": 170}"#, valid: "170", invalid: "169",
                    pointer: "", expected: "integer ≥ 170", found: "169"),
        KeywordCase(keyword: "maximum", schema: #"{"type": "integer", "maximum": 550}"#, valid: "550", invalid: "900",
                    pointer: "", expected: "integer ≤ 550", found: "900"),
        KeywordCase(keyword: "exclusiveMinimum", schema: #"{"exclusiveMinimum": 0}"#, valid: "0.5", invalid: "0",
                    pointer: "", expected: "number > 0", found: "0"),
        KeywordCase(keyword: "exclusiveMaximum", schema: #"{"type": "number", "exclusiveMaximum": 1.5}"#, valid: "1.49", invalid: "1.5",
                    pointer: "", expected: "number < 1.5", found: "1.5"),
        KeywordCase(keyword: "minLength", schema: #"{"minLength": 1}"#, valid: #""a""#, invalid: #""""#,
                    pointer: "", expected: "at least 1 characters", found: #""" (0 characters)"#),
        // Lengths count Unicode scalars: "é" precomposed is 1, the flag is 2 scalars.
        KeywordCase(keyword: "maxLength", schema: #"{"maxLength": 1}"#, valid: #""é""#, invalid: #""🇫🇷""#,
                    pointer: "", expected: "at most 1 characters", found: #""🇫🇷" (2 characters)"#),
        KeywordCase(keyword: "minItems", schema: #"{"minItems": 1}"#, valid: "[1]", invalid: "[]",
                    pointer: "", expected: "at least 1 items", found: "0 items"),
        KeywordCase(keyword: "maxItems", schema: #"{"maxItems": 2}"#, valid: "[1, 2]", invalid: "[1, 2, 3]",
                    pointer: "", expected: "at most 2 items", found: "3 items"),
        KeywordCase(keyword: "type", schema: #"{"items": {"type": "boolean"}}"#, valid: "[true, false]", invalid: "[true, 0]",
                    pointer: "/1", expected: "boolean", found: "integer 0", schemaPath: "#/items/type"),
        KeywordCase(keyword: "type", schema: #"{"properties": {"isOn": {"type": "boolean"}}}"#,
                    valid: #"{"isOn": true, "extra": 1}"#, invalid: #"{"isOn": "yes"}"#,
                    pointer: "/isOn", expected: "boolean", found: #"string "yes""#, schemaPath: "#/properties/isOn/type"),
        KeywordCase(keyword: "required", schema: #"{"required": ["mode"], "properties": {"mode": {}}}"#,
                    valid: #"{"mode": "bake"}"#, invalid: #"{"isOn": true}"#,
                    pointer: "/mode", expected: "required member", found: "absent"),
        KeywordCase(keyword: "required", schema: #"{"required": ["id"]}"#, valid: #"{"id": "x"}"#, invalid: "{}",
                    pointer: "/id", expected: "required member", found: "absent"),
        KeywordCase(keyword: "additionalProperties", schema: #"{"properties": {"a": {}}, "additionalProperties": false}"#,
                    valid: #"{"a": 1}"#, invalid: #"{"a": 1, "color": "red"}"#,
                    pointer: "/color", expected: "no undeclared member", found: #""red""#),
        KeywordCase(keyword: "type", schema: #"{"additionalProperties": {"type": "integer"}}"#,
                    valid: #"{"a": 1}"#, invalid: #"{"a": 1, "b": null}"#,
                    pointer: "/b", expected: "integer", found: "null", schemaPath: "#/additionalProperties/type"),
        KeywordCase(keyword: "format", schema: #"{"type": "string", "format": "date-time"}"#,
                    valid: #""2026-11-20T10:15:30.123Z""#, invalid: #""2026-13-01T00:00:00Z""#,
                    pointer: "", expected: "RFC 3339 date-time", found: #""2026-13-01T00:00:00Z""#),
        KeywordCase(keyword: "format", schema: #"{"format": "date-time"}"#,
                    valid: #""2026-11-20T10:15:30+01:00""#, invalid: #""2026-11-20 10:15:30Z""#,
                    pointer: "", expected: "RFC 3339 date-time", found: #""2026-11-20 10:15:30Z""#),
        KeywordCase(keyword: "false", schema: #"{"properties": {"gone": false}}"#, valid: "{}", invalid: #"{"gone": 1}"#,
                    pointer: "/gone", expected: "nothing (the schema is false)", found: "1",
                    schemaPath: "#/properties/gone/false"),
    ]

    @Test("a keyword accepts a conforming instance and reports the exact violation otherwise", arguments: cases)
    func keyword(_ example: KeywordCase) throws {
        let schema = try JSONSchema(json(example.schema), options: SchemaOptions(formats: .assert))
        #expect(schema.validate(json(example.valid)) == [])
        let violations = schema.validate(json(example.invalid))
        try #require(violations.count == 1, "\(violations)")
        let violation = violations[0]
        #expect(violation.pointer == pointer(example.pointer))
        #expect(violation.keyword == example.keyword)
        #expect(violation.expected == example.expected)
        #expect(violation.found == example.found)
        #expect(violation.schemaPath == (example.schemaPath ?? "#/\(example.keyword)"))
    }

    @Test("the maximum violation reads as one line naming pointer, rule and value, with its schema path")
    func maximumDescription() throws {
        let document = json(#"""
        {"components": {"schemas": {"OvenState": {"type": "object", "properties": {
            "targetTemperature": {"type": "integer", "minimum": 170, "maximum": 550}}}}}}
        """#)
        let schema = try JSONSchema(document: document, pointer: pointer("/components/schemas/OvenState"))
        let violations = schema.validate(json(#"{"targetTemperature": 900}"#), at: pointer("/state"))
        #expect(violations.map(\.description) == ["/state/targetTemperature: expected integer ≤ 550, found 900"])
        #expect(violations.first?.schemaPath == "#/components/schemas/OvenState/properties/targetTemperature/maximum")
    }

    @Test("every violation is reported, not only the first")
    func reportsAll() throws {
        let schema = try JSONSchema(json(#"""
        {"type": "object", "required": ["isOn", "mode"], "additionalProperties": false,
         "properties": {"isOn": {"type": "boolean"}, "mode": {"enum": ["bake"]}, "t": {"maximum": 5}}}
        """#))
        let violations = schema.validate(json(#"{"isOn": 1, "t": 9, "x": null}"#))
        #expect(violations.map(\.description) == [
            "/isOn: expected boolean, found integer 1",
            "/t: expected number ≤ 5, found 9",
            "/x: expected no undeclared member, found null",
            "/mode: expected required member, found absent",
        ])
    }

    @Test("annotations, extensions and unknown formats are accepted and ignored")
    func annotationsIgnored() throws {
        let schema = try JSONSchema(json(#"""
        {"title": "T", "description": "d", "example": 5, "examples": [5], "$comment": "c", "deprecated": true,
         "readOnly": true, "writeOnly": false, "default": 1, "x-kitchen": {"type": "string"}, "format": "uuid",
         "type": "integer"}
        """#))
        #expect(schema.validate(3) == [])
    }

    @Test("a keyword the checker does not implement is refused, named, at its location", arguments: [
        "nullable", "minimumLength", "uniqueItem", "requried", "additionalItem", "exclusiveMin", "patternProperty",
        "maxContain", "iff",
    ])
    func unsupportedKeywordRefused(keyword: String) {
        #expect(throws: ContractError(file: "<inline>", pointer: pointer("/properties/a/" + keyword),
                                      reason: .unsupportedKeyword(keyword))) {
            try JSONSchema(json(#"{"properties": {"a": {"type": "string", "\#(keyword)": true}}}"#))
        }
    }

    @Test("a type array with null admits null and the other types, and nothing else")
    func nullableTypeArray() throws {
        let schema = try JSONSchema(json(#"{"type": ["integer", "null"], "minimum": 0}"#))
        #expect(schema.validate(nil) == [])
        #expect(schema.validate(4) == [])
        #expect(schema.validate(-1).map(\.description) == ["(root): expected integer ≥ 0, found -1"])
        #expect(schema.validate("4").map(\.description) == [#"(root): expected integer or null, found string "4""#])
    }

    @Test("a keyword value of the wrong shape is refused when compiling, with its location")
    func malformedKeyword() {
        #expect(throws: ContractError(file: "<inline>", pointer: pointer("/properties/a/minLength"),
                                      reason: .malformedDocument("minLength must be a non-negative integer"))) {
            try JSONSchema(json(#"{"properties": {"a": {"minLength": -1}}}"#))
        }
        #expect(throws: ContractError(file: "<inline>", pointer: pointer("/type"),
                                      reason: .malformedDocument("unknown type \"text\""))) {
            try JSONSchema(json(#"{"type": "text"}"#))
        }
    }
}
