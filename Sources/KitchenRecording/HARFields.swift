import HarnessCore

/// A HAR type whose JSON members are declared once, in ``visit(_:with:)``: the writer walks the
/// declaration to build the JSON (members in declaration order, absent optionals left out) and
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
protocol HARFields: HARJSONRepresentable, HARJSONReadable {
    /// A value the reader starts from; every declared member overwrites its part.
    static var blank: Self { get }
    /// Visits every member, in the order the writer puts them in.
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError)
}

/// One direction of the declaration: the writer reads each property, the reader sets it.
/// A non-optional property is a required member; an optional one may be absent (or null).
protocol HARFieldVisitor {
    mutating func visit(_ key: String, _ value: inout String) throws(HARShapeError)
    mutating func visit(_ key: String, _ value: inout String?) throws(HARShapeError)
    mutating func visit(_ key: String, _ value: inout Double) throws(HARShapeError)
    /// A number the writer always writes and the reader takes as `absent` when missing.
    mutating func visit(_ key: String, _ value: inout Double, absent: Double) throws(HARShapeError)
    mutating func visit(_ key: String, _ value: inout Int) throws(HARShapeError)
    mutating func visit(_ key: String, _ value: inout Int?) throws(HARShapeError)
    mutating func visit(_ key: String, _ value: inout Bool?) throws(HARShapeError)
    mutating func visit(_ key: String, _ value: inout [String]) throws(HARShapeError)
    mutating func visit(_ key: String, _ value: inout [String]?) throws(HARShapeError)
    mutating func visit<Value: HARFields>(_ key: String, _ value: inout Value) throws(HARShapeError)
    mutating func visit<Value: HARFields>(_ key: String, _ value: inout Value?) throws(HARShapeError)
    mutating func visit<Element: HARFields>(_ key: String, _ value: inout [Element]) throws(HARShapeError)
    mutating func visit<Element: HARFields>(_ key: String, _ value: inout [Element]?) throws(HARShapeError)
    /// A closed set of words (`type`, `closedBy`).
    mutating func visit<Value: RawRepresentable & CaseIterable>(_ key: String, _ value: inout Value) throws(HARShapeError)
    where Value.RawValue == String
    /// A closed set of numbers (`opcode`).
    mutating func visit<Value: RawRepresentable & CaseIterable>(_ key: String, _ value: inout Value) throws(HARShapeError)
    where Value.RawValue == Int
}

extension HARFields {
    /// The JSON the declaration describes.
    var json: JSONValue {
        var writer = HARFieldWriter()
        var copy = self
        // The writer never throws: it only reads the properties.
        try? Self.visit(&copy, with: &writer)
        return .object(JSONObject(uniqueMembers: writer.members))
    }

    /// The value an object describes, or the member that does not fit the declaration.
    init(reading object: HARObjectReader) throws(HARShapeError) {
        var value = Self.blank
        var reader = HARFieldReader(object: object)
        try Self.visit(&value, with: &reader)
        self = value
    }
}

/// Builds an object member by member, in declaration order, skipping absent optionals.
struct HARFieldWriter: HARFieldVisitor {
    var members: [JSONObject.Member] = []

    private mutating func add(_ key: String, _ value: JSONValue) { members.append(.init(key: key, value: value)) }

    mutating func visit(_ key: String, _ value: inout String) { add(key, .string(value)) }
    mutating func visit(_ key: String, _ value: inout String?) { if let value { add(key, .string(value)) } }
    mutating func visit(_ key: String, _ value: inout Double) { add(key, .double(value)) }
    mutating func visit(_ key: String, _ value: inout Double, absent: Double) { add(key, .double(value)) }
    mutating func visit(_ key: String, _ value: inout Int) { add(key, .int(value)) }
    mutating func visit(_ key: String, _ value: inout Int?) { if let value { add(key, .int(value)) } }
    mutating func visit(_ key: String, _ value: inout Bool?) { if let value { add(key, .bool(value)) } }
    mutating func visit(_ key: String, _ value: inout [String]) { add(key, .array(value.map(JSONValue.string))) }
    mutating func visit(_ key: String, _ value: inout [String]?) {
        if let value { add(key, .array(value.map(JSONValue.string))) }
    }
    mutating func visit<Value: HARFields>(_ key: String, _ value: inout Value) { add(key, value.json) }
    mutating func visit<Value: HARFields>(_ key: String, _ value: inout Value?) { if let value { add(key, value.json) } }
    mutating func visit<Element: HARFields>(_ key: String, _ value: inout [Element]) { add(key, .array(value.map(\.json))) }
    mutating func visit<Element: HARFields>(_ key: String, _ value: inout [Element]?) {
        if let value { add(key, .array(value.map(\.json))) }
    }
    mutating func visit<Value: RawRepresentable & CaseIterable>(_ key: String, _ value: inout Value) where Value.RawValue == String {
        add(key, .string(value.rawValue))
    }
    mutating func visit<Value: RawRepresentable & CaseIterable>(_ key: String, _ value: inout Value) where Value.RawValue == Int {
        add(key, .int(value.rawValue))
    }
}

/// Sets each declared property from an object, with the member's path in every error.
struct HARFieldReader: HARFieldVisitor {
    let object: HARObjectReader

    mutating func visit(_ key: String, _ value: inout String) throws(HARShapeError) { value = try object.string(key) }
    mutating func visit(_ key: String, _ value: inout String?) throws(HARShapeError) { value = try object.string(ifPresent: key) }
    mutating func visit(_ key: String, _ value: inout Double) throws(HARShapeError) { value = try object.double(key) }
    mutating func visit(_ key: String, _ value: inout Double, absent: Double) throws(HARShapeError) {
        value = try object.double(ifPresent: key) ?? absent
    }
    mutating func visit(_ key: String, _ value: inout Int) throws(HARShapeError) { value = try object.int(key) }
    mutating func visit(_ key: String, _ value: inout Int?) throws(HARShapeError) { value = try object.int(ifPresent: key) }
    mutating func visit(_ key: String, _ value: inout Bool?) throws(HARShapeError) { value = try object.bool(ifPresent: key) }
    mutating func visit(_ key: String, _ value: inout [String]) throws(HARShapeError) { value = try object.strings(key) }
    mutating func visit(_ key: String, _ value: inout [String]?) throws(HARShapeError) { value = try object.strings(ifPresent: key) }
    mutating func visit<Value: HARFields>(_ key: String, _ value: inout Value) throws(HARShapeError) { value = try object.object(key) }
    mutating func visit<Value: HARFields>(_ key: String, _ value: inout Value?) throws(HARShapeError) {
        value = try object.object(ifPresent: key)
    }
    mutating func visit<Element: HARFields>(_ key: String, _ value: inout [Element]) throws(HARShapeError) {
        value = try object.array(key)
    }
    mutating func visit<Element: HARFields>(_ key: String, _ value: inout [Element]?) throws(HARShapeError) {
        value = try object.array(ifPresent: key)
    }
    mutating func visit<Value: RawRepresentable & CaseIterable>(_ key: String, _ value: inout Value) throws(HARShapeError)
    where Value.RawValue == String {
        value = try object.value(key, as: Value.self)
    }
    mutating func visit<Value: RawRepresentable & CaseIterable>(_ key: String, _ value: inout Value) throws(HARShapeError)
    where Value.RawValue == Int {
        value = try object.value(key, as: Value.self)
    }
}
