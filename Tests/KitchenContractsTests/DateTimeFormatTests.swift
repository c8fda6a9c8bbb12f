import HarnessCore
import Testing
@testable import KitchenContracts

@Suite("format: date-time")
struct DateTimeFormatTests {
    let schema: JSONSchema

    init() throws {
        schema = try JSONSchema(json(#"{"type": "string", "format": "date-time"}"#), options: SchemaOptions(formats: .assert))
    }

    @Test("without format assertion, date-time is an annotation (JSON Schema Validation 2020-12 §7.2.1)")
    func annotationByDefault() throws {
        let annotated = try JSONSchema(json(#"{"type": "string", "format": "date-time"}"#))
        #expect(annotated.validate("2026-11-20 10:15:30Z") == [])
    }

    @Test("RFC 3339 date-times are accepted", arguments: [
        "2026-11-20T10:15:30.123Z", "2026-11-20T10:15:30Z", "2024-02-29T00:00:00.5-08:00", "2026-11-20t10:15:30z",
    ])
    func accepts(_ text: String) {
        #expect(schema.validate(.string(text)) == [])
    }

    @Test("anything else is refused with the format keyword", arguments: [
        "2026-13-01T00:00:00Z", "2026-11-20 10:15:30Z", "2026-11-20", "2025-02-29T00:00:00Z",
        "2026-11-20T24:00:00Z", "2026-11-20T10:15:30", "2026-11-20T10:15:30.Z",
    ])
    func refuses(_ text: String) throws {
        let violations = schema.validate(.string(text))
        try #require(violations.count == 1)
        #expect(violations[0].keyword == "format")
        #expect(violations[0].found == JSONValue.string(text).description)
    }
}
