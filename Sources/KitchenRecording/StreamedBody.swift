import HarnessCore

/// A request or response body that reached the journal in pieces (``JournalEvent/bodyPart(id:data:)``
/// records, already redacted) rather than inside its exchange's record: the exchange's record
/// names it, and ``Journal/assemble(_:path:)`` puts it back together into the entry.
///
/// ```swift
/// try journal.append(.bodyPart(id: "b-1", data: redactedPiece))      // as the upload arrives
/// try journal.append(.streamedEntry(entry, requestBody: StreamedBody(
///     id: "b-1", size: written, contentType: "application/json", redacted: pointers)))
/// ```
public struct StreamedBody: Sendable, Hashable {
    /// Names the body's parts in the journal.
    public var id: String
    /// The recorded (redacted) bytes in all its parts.
    public var size: Int
    /// The body's `Content-Type` (the entry's `postData.mimeType` for a request body).
    public var mimeType: String
    /// JSON Pointers of what redaction replaced in it (`_redacted`).
    public var redacted: [String]
    /// When the body was sent with a `Content-Encoding` and its parts hold it decoded: its length
    /// as sent.
    public var encodedSize: Int?

    /// A body of `size` recorded bytes under `id`, sent with `contentType` (and `encodedSize`
    /// bytes long as sent, when it came content-coded).
    public init(id: String, size: Int, contentType: String?, redacted: [String], encodedSize: Int? = nil) {
        self.id = id
        self.size = size
        self.mimeType = contentType ?? HAR.unknownMimeType
        self.redacted = redacted
        self.encodedSize = encodedSize
    }
}

extension StreamedBody: HARFields {
    static var blank: Self { Self(id: "", size: 0, contentType: nil, redacted: []) }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("id", &value.id)
        try fields.visit("size", &value.size)
        try fields.visit("mimeType", &value.mimeType)
        try fields.visit("redacted", &value.redacted)
        try fields.visit("encodedSize", &value.encodedSize)
    }
}
