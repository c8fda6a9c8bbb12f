import HarnessCore

/// JSON Schema's seven primitive types as a bit set (JSON Schema Validation 2020-12 §6.1.1).
struct SchemaTypes: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    init(rawValue: UInt8) { self.rawValue = rawValue }

    static let null = SchemaTypes(rawValue: 1 << 0)
    static let boolean = SchemaTypes(rawValue: 1 << 1)
    static let integer = SchemaTypes(rawValue: 1 << 2)
    static let number = SchemaTypes(rawValue: 1 << 3)
    static let string = SchemaTypes(rawValue: 1 << 4)
    static let array = SchemaTypes(rawValue: 1 << 5)
    static let object = SchemaTypes(rawValue: 1 << 6)

    /// The type a keyword value like `"integer"` names; `nil` for an unknown name.
    init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "integer": self = .integer
        case "number": self = .number
        case "string": self = .string
        case "array": self = .array
        case "object": self = .object
        default: return nil
        }
    }

    /// Whether `value` is of one of these types. `number` admits integers; `integer`
    /// admits any number with a zero fractional part (§6.1.1: 1.0 is an integer).
    func admits(_ value: JSONValue) -> Bool {
        switch value {
        case .null: contains(.null)
        case .bool: contains(.boolean)
        case .number(let number): contains(.number) || (contains(.integer) && number.isInteger)
        case .string: contains(.string)
        case .array: contains(.array)
        case .object: contains(.object)
        }
    }
}

/// What `additionalProperties` says about members not named in `properties`.
enum AdditionalPropertiesRule: Sendable {
    case allowed
    case forbidden
    case schema(Int)
}

/// One entry of `properties`: the member's schema and whether `required` names it (so
/// presence of required members is counted during the member walk, with no second lookup).
struct PropertyRule: Sendable {
    var node: Int
    var isRequired: Bool
}

/// A discriminator resolved to branches: the member to read and which compiled schema
/// each of its values selects (OpenAPI 3.1 §4.8.25, AsyncAPI 3.0 Schema Object).
struct CompiledDiscriminator: Sendable {
    var propertyName: String
    var branches: [String: Int]
    /// The values in declaration order, for messages.
    var values: [String]
}

/// A `format` this validator checks; any other format is an annotation only.
enum FormatRule: Sendable {
    /// RFC 3339 §5.6 `date-time`.
    case dateTime
}

/// Every rule of one schema location, resolved once so that validation is lookups only.
struct SchemaRules: Sendable {
    var isFalse = false
    var reference: Int?
    var types: SchemaTypes?
    var typeNames: [String] = []
    var enumValues: [JSONValue]?
    var enumSet: Set<JSONValue> = []
    var constant: JSONValue?
    var minimum: JSONNumber?
    var maximum: JSONNumber?
    var exclusiveMinimum: JSONNumber?
    var exclusiveMaximum: JSONNumber?
    var minLength: Int?
    var maxLength: Int?
    var format: FormatRule?
    var properties: [String: PropertyRule] = [:]
    var required: [String] = []
    /// How many `required` names also appear in `properties`.
    var requiredInPropertiesCount = 0
    /// Whether `required` names a member `properties` does not describe.
    var requiredOutsideProperties = false
    var additionalProperties: AdditionalPropertiesRule = .allowed
    var items: Int?
    var minItems: Int?
    var maxItems: Int?
    var allOf: [Int] = []
    var anyOf: [Int] = []
    var oneOf: [Int] = []
    var discriminator: CompiledDiscriminator?

    /// Whether any object keyword applies (skips the member walk when none does).
    var hasObjectRules = false
    /// Whether any numeric bound applies.
    var hasNumberRules = false
    /// Whether a length or a checked format applies.
    var hasStringRules = false
    /// Whether `anyOf` or `oneOf` is present.
    var hasAlternatives = false

    /// Sets the summary flags from the keywords; called once when compiling.
    mutating func summarize() {
        let restrictsMembers = if case .allowed = additionalProperties { false } else { true }
        hasObjectRules = !properties.isEmpty || !required.isEmpty || restrictsMembers
        hasNumberRules = minimum != nil || maximum != nil || exclusiveMinimum != nil || exclusiveMaximum != nil
        hasStringRules = minLength != nil || maxLength != nil || format != nil
        hasAlternatives = !anyOf.isEmpty || !oneOf.isEmpty
    }
}

/// A compiled schema location: its rules and where they came from.
final class SchemaNode: Sendable {
    /// The location in the source document, as a URI fragment (`#/components/schemas/OvenState`).
    let schemaPath: String
    let rules: SchemaRules

    init(schemaPath: String, rules: SchemaRules) {
        self.schemaPath = schemaPath
        self.rules = rules
    }
}

/// All the schema locations compiled from one document, referring to each other by index
/// (so `$ref` cycles are just indices, never reference cycles). Immutable once built.
final class SchemaGraph: Sendable {
    let nodes: [SchemaNode]
    /// The index of the compiled node for each document location (`#/…` form).
    let indexByPath: [String: Int]

    init(nodes: [SchemaNode], indexByPath: [String: Int]) {
        self.nodes = nodes
        self.indexByPath = indexByPath
    }
}
