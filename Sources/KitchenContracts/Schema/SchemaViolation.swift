import HarnessCore

/// One rule an instance broke: where in the instance, which rule in which document, and
/// what was expected against what was found.
///
/// ```swift
/// let violation = schema.validate(body).first!
/// violation.description   // "/state/targetTemperature: expected integer ≤ 550, found 900"
/// violation.schemaPath    // "#/components/schemas/OvenState/properties/targetTemperature/maximum"
/// ```
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// Where the offending value is (or, for a missing member, would be) in the instance.
    public var pointer: JSONPointer
    /// Where the rule lives in its document, as a URI fragment (`#/components/schemas/…/maximum`).
    public var schemaPath: String
    /// The rule that fired: a JSON Schema keyword (`type`, `required`, `oneOf`, …) or, for
    /// exchange-level checks, one of `requestBody`, `responseBody`, `responses`, `parameters`, `operation`.
    public var keyword: String
    /// What the rule wants, in words (`integer ≤ 550`, `one of "low", "medium", "high"`).
    public var expected: String
    /// What the instance holds instead, in words (`900`, `"grill"`, `absent`).
    public var found: String

    /// A violation with every field given.
    public init(pointer: JSONPointer, schemaPath: String, keyword: String, expected: String, found: String) {
        self.pointer = pointer
        self.schemaPath = schemaPath
        self.keyword = keyword
        self.expected = expected
        self.found = found
    }

    /// One readable line: `<pointer>: expected <expected>, found <found>`; the whole
    /// instance is written `(root)`.
    public var description: String {
        "\(pointer.location): expected \(expected), found \(found)"
    }
}

extension JSONPointer {
    /// The pointer as messages write a location: `(root)` for the whole value.
    package var location: String { tokens.isEmpty ? "(root)" : description }
}
