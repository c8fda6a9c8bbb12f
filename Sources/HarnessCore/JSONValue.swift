/// A JSON value as RFC 8259 defines it, with numbers kept exact where they can be.
///
/// Equality is by meaning: object member order is ignored, numbers compare
/// by value and strings by code points (not Swift's canonical equivalence), so
/// `{"a":1,"b":2.0}` equals `{"b":2,"a":1}` and `"ä"` differs from `"a\u{308}"`.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"isOn": true, "targetTemperature": 350}"#)
/// value["targetTemperature"]?.intValue   // 350
/// ```
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// Parses `text` strictly (RFC 8259): no comments, trailing commas or duplicate keys.
    public init(parsing text: String, options: JSONParser.Options = .init()) throws(JSONParseError) {
        self = try JSONParser.parse(Array(text.utf8), options: options)
    }

    /// Parses UTF-8 `bytes` strictly (RFC 8259).
    public init(parsing bytes: some Collection<UInt8>, options: JSONParser.Options = .init()) throws(JSONParseError) {
        self = try JSONParser.parse(Array(bytes), options: options)
    }

    /// An integer value.
    public static func int(_ value: Int) -> JSONValue { .number(.integer(Int64(value))) }

    /// A floating-point value.
    public static func double(_ value: Double) -> JSONValue { .number(.decimal(value)) }

    /// The JSON Schema type name of this value: `null`, `boolean`, `integer`, `number`,
    /// `string`, `array` or `object`. Numbers with no fractional part are `integer`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(let number): number.isInteger ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` when this is an array and the index is in range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The Boolean, when this is a Boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, when this is a number with no fractional part that fits an `Int`.
    public var intValue: Int? {
        guard case .number(let number) = self, let value = number.int64Value else { return nil }
        return Int(exactly: value)
    }

    /// The number as a `Double`, when this is a number.
    public var doubleValue: Double? {
        if case .number(let number) = self { return number.doubleValue }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .number(.integer(value)) }
    public init(floatLiteral value: Double) { self = .number(.decimal(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}

extension JSONValue {
    /// Equal by meaning; strings by code points (see JSONEquality).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        JSONEquality.equal(lhs, rhs)
    }

    /// Hashes by meaning, consistently with `==`, on an explicit stack (see JSONHashing).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(JSONHashing.digest(self))
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text, members in their original order.
    public var description: String { JSONSerializer.string(self) }
}
