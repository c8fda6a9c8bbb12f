import HarnessCore

/// What a member of a HAR object holds, and how the reader takes it from parsed JSON and the
/// writer puts it down as bytes: strings, numbers, Booleans, closed sets of words and numbers
/// (``HARWord``), HAR objects (``HARFields``), and arrays and optionals of them.
protocol HARValue {
    /// What the reader wants, for errors: `a string`, `an object`.
    static var expected: String { get }
    /// The value of JSON that is present and not `null`; a mismatch is thrown with an empty path.
    init(json: JSONValue) throws(HARShapeError)
    /// The value of member `key`, whose JSON is `json` (`nil` when absent).
    static func read(member json: JSONValue?, key: String) throws(HARShapeError) -> Self
    /// Whether the writer leaves the member out (an absent optional).
    var isAbsent: Bool { get }
    /// Writes `value`, visited where it is: writing only reads it, and a copy would retain each
    /// of its strings and arrays, and release them.
    static func write(_ value: inout Self, into writer: inout HARFieldByteWriter)
}

extension HARValue {
    /// A required member: present and not `null`.
    static func read(member json: JSONValue?, key: String) throws(HARShapeError) -> Self {
        guard let json else { throw HARShapeError(path: [], problem: .missing(field: key)) }
        guard !json.isNull else { throw HARShapeError(path: [key], problem: .null(expected: expected)) }
        return try HARShapeError.within(key) { () throws(HARShapeError) in try Self(json: json) }
    }

    var isAbsent: Bool { false }

    /// The error for `json`, which is not what ``expected`` says.
    static func mismatch(_ json: JSONValue) -> HARShapeError {
        HARShapeError(path: [], problem: .wrongType(expected: expected, found: json.typeName))
    }
}

extension Optional: HARValue where Wrapped: HARValue {
    static var expected: String { Wrapped.expected }

    init(json: JSONValue) throws(HARShapeError) {
        self = try Wrapped(json: json)
    }

    /// An optional member: absent and `null` are both `nil`.
    static func read(member json: JSONValue?, key: String) throws(HARShapeError) -> Self {
        guard let json, !json.isNull else { return nil }
        return try HARShapeError.within(key) { () throws(HARShapeError) in try Wrapped(json: json) }
    }

    var isAbsent: Bool { self == nil }

    static func write(_ value: inout Self, into writer: inout HARFieldByteWriter) {
        if value != nil { Wrapped.write(&value!, into: &writer) }
    }
}

extension Array: HARValue where Element: HARValue {
    static var expected: String { "an array" }

    init(json: JSONValue) throws(HARShapeError) {
        guard case .array(let values) = json else { throw Self.mismatch(json) }
        self = []
        reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            append(try HARShapeError.within("[\(index)]") { () throws(HARShapeError) in try Element(json: value) })
        }
    }

    static func write(_ value: inout Self, into writer: inout HARFieldByteWriter) {
        writer.array(value)
    }
}

/// A JSON string, number or Boolean, as the value of one Swift type.
protocol HARScalar: HARValue {
    /// The value `json` holds, `nil` when it is of another type.
    static func scalar(of json: JSONValue) -> Self?
}

extension HARScalar {
    init(json: JSONValue) throws(HARShapeError) {
        guard let value = Self.scalar(of: json) else { throw Self.mismatch(json) }
        self = value
    }
}

extension String: HARScalar {
    static let expected = "a string"
    static func scalar(of json: JSONValue) -> Self? { json.stringValue }
    static func write(_ value: inout Self, into writer: inout HARFieldByteWriter) { writer.string(value) }
}

extension Double: HARScalar {
    static let expected = "a number"
    static func scalar(of json: JSONValue) -> Self? { json.doubleValue }
    static func write(_ value: inout Self, into writer: inout HARFieldByteWriter) { writer.number(.decimal(value)) }
}

extension Int: HARScalar {
    static let expected = "an integer"
    static func scalar(of json: JSONValue) -> Self? { json.intValue }
    static func write(_ value: inout Self, into writer: inout HARFieldByteWriter) { writer.number(.integer(Int64(value))) }
}

extension Bool: HARScalar {
    static let expected = "a Boolean"
    static func scalar(of json: JSONValue) -> Self? { json.boolValue }
    static func write(_ value: inout Self, into writer: inout HARFieldByteWriter) { writer.literal(value ? "true" : "false") }
}

/// A closed set of words or numbers (`type`, `closedBy`, `opcode`): written as its raw value,
/// read only when it is one of the set.
protocol HARWord: HARValue, RawRepresentable, CaseIterable where RawValue: HARValue {}

extension HARWord {
    static var expected: String { RawValue.expected }

    init(json: JSONValue) throws(HARShapeError) {
        let raw = try RawValue(json: json)
        guard let value = Self(rawValue: raw) else {
            let found = raw is String ? "\"\(raw)\"" : "\(raw)"
            throw HARShapeError(path: [], problem: .notOneOf(found: found, allowed: Self.allCases.map { "\($0.rawValue)" }))
        }
        self = value
    }

    static func write(_ value: inout Self, into writer: inout HARFieldByteWriter) {
        var raw = value.rawValue
        RawValue.write(&raw, into: &writer)
    }
}

extension HAR.WebSocketMessage.Direction: HARWord {}
extension HAR.WebSocketMessage.Opcode: HARWord {}
extension HAR.WebSocketClose.Party: HARWord {}
