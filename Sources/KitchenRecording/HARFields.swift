import HarnessCore

/// A HAR type whose JSON members are declared once, in ``visit(_:with:)``: the writer walks the
/// declaration to write the JSON (members in declaration order, absent optionals left out) and
/// the reader walks the same declaration to fill a ``blank`` value in. Adding a field is one line.
///
/// ```swift
/// extension HAR.Creator: HARFields {
///     static var blank: Self { Self(name: "", version: "") }
///     static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
///         try fields.visit("name", &value.name)
///         try fields.visit("version", &value.version)
///         try fields.visit("comment", &value.comment)
///     }
/// }
/// ```
protocol HARFields: HARValue {
    /// A value the reader starts from; every declared member overwrites its part.
    static var blank: Self { get }
    /// Visits every member, in the order the writer puts them in.
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError)
}

/// One direction of the declaration: the writer reads each property, the reader sets it.
/// A non-optional property is a required member; an optional one may be absent (or null).
protocol HARFieldVisitor {
    mutating func visit<Value: HARValue>(_ key: String, _ value: inout Value) throws(HARShapeError)
    /// A number the writer always writes and the reader takes as `absent` when missing.
    mutating func visit(_ key: String, _ value: inout Double, absent: Double) throws(HARShapeError)
}

extension HARFields {
    static var expected: String { "an object" }

    /// The value an object describes, or the member that does not fit the declaration.
    init(json: JSONValue) throws(HARShapeError) {
        var value = Self.blank
        var reader = try HARObjectReader(json)
        try Self.visit(&value, with: &reader)
        self = value
    }

    static func write(_ value: inout Self, into writer: inout HARFieldByteWriter) {
        writer.object(&value)
    }

    /// The value's JSON as compact bytes.
    var jsonBytes: [UInt8] {
        var bytes: [UInt8] = []
        var value = self
        HARFieldByteWriter.object(into: &bytes) { try? Self.visit(&value, with: &$0) }
        return bytes
    }

    /// The value's JSON as a tree (for a file's sorted keys, or to name where a secret is):
    /// ``jsonBytes`` read back.
    var json: JSONValue {
        do {
            return try JSONParser.parse(jsonBytes)
        } catch {
            preconditionFailure("the HAR writer wrote bytes that are not JSON: \(error)")
        }
    }
}
