/// How a schema is compiled: whether `format` asserts, what an unknown keyword means, and
/// where referenced documents come from.
///
/// ```swift
/// var options = SchemaOptions()
/// options.formats = .assert          // `format: uuid` now rejects "not-a-uuid"
/// let schema = try JSONSchema(value, options: options)
/// ```
public struct SchemaOptions: Sendable {
    /// Whether `format` is checked (Validation 2020-12 §7.2); the raw values are `kitchen verify --formats`'s.
    public enum Formats: String, Sendable, Equatable, CaseIterable {
        /// An annotation only, as 2020-12 makes it by default.
        case annotate
        /// The formats in ``FormatChecks`` are asserted; any other stays an annotation.
        case assert
    }

    /// What a keyword the checker does not know means.
    public enum UnknownKeywords: Sendable, Equatable {
        /// Refused when the schema compiles, naming the keyword (contracts: a misspelt rule
        /// must not pass silently).
        case refuse
        /// Ignored, as JSON Schema Core 2020-12 §6.5 allows (for schemas written for other
        /// tools, and the official test suite).
        case ignore
    }

    /// `format`: annotation (the default) or assertion.
    public var formats: Formats = .annotate
    /// Unknown keywords: refused (the default) or ignored.
    public var unknownKeywords: UnknownKeywords = .refuse
    /// Where documents named by an absolute URI come from; `nil`: only the document itself.
    public var loader: SchemaLoader?
    /// The document's own URI, against which its relative references resolve.
    public var baseURI: String?

    /// The defaults: `format` annotates, unknown keywords are refused, no other documents.
    public init(formats: Formats = .annotate, unknownKeywords: UnknownKeywords = .refuse,
                loader: SchemaLoader? = nil, baseURI: String? = nil) {
        self.formats = formats
        self.unknownKeywords = unknownKeywords
        self.loader = loader
        self.baseURI = baseURI
    }
}
