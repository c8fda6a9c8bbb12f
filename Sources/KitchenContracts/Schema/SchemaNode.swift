import HarnessCore

/// JSON Schema's seven primitive types as a bit set (JSON Schema Validation 2020-12 §6.1.1).
struct SchemaTypes: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    static let null = SchemaTypes(rawValue: 1 << 0)
    static let boolean = SchemaTypes(rawValue: 1 << 1)
    static let integer = SchemaTypes(rawValue: 1 << 2)
    static let number = SchemaTypes(rawValue: 1 << 3)
    static let string = SchemaTypes(rawValue: 1 << 4)
    static let array = SchemaTypes(rawValue: 1 << 5)
    static let object = SchemaTypes(rawValue: 1 << 6)

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

extension SchemaTypes {
    /// The type names, each at the position of its bit.
    private static let names = ["null", "boolean", "integer", "number", "string", "array", "object"]

    /// The type a keyword value like `"integer"` names; `nil` for an unknown name.
    init?(name: String) {
        guard let position = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: 1 << position)
    }
}

/// What `additionalProperties` says about members matched by neither `properties` nor
/// `patternProperties`.
enum AdditionalPropertiesRule: Sendable {
    /// No `additionalProperties`: such members are not evaluated.
    case absent
    /// `false`: such members are refused.
    case forbidden
    /// A schema (`true` included) each such member must satisfy; they count as evaluated.
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

/// A `$dynamicRef` (Core 2020-12 §8.2.3.2): the schema it names statically, and the
/// dynamic anchor name when that schema declares one (else it behaves as `$ref`).
struct DynamicReference: Sendable {
    var target: Int
    var anchor: String?
}

/// `if`/`then`/`else` (Core 2020-12 §10.2.2).
struct Conditional: Sendable {
    var condition: Int
    var then: Int?
    var otherwise: Int?
}

/// Every rule of one schema location, resolved once so that validation is lookups only.
struct SchemaRules: Sendable {
    var isFalse = false
    var reference: Int?
    var dynamicReference: DynamicReference?
    var types: SchemaTypes?
    var typeNames: [String] = []
    var enumValues: [JSONValue]?
    var enumSet: Set<JSONValue> = []
    var constant: JSONValue?
    var minimum: JSONNumber?
    var maximum: JSONNumber?
    var exclusiveMinimum: JSONNumber?
    var exclusiveMaximum: JSONNumber?
    var multipleOf: JSONNumber?
    var minLength: Int?
    var maxLength: Int?
    var pattern: SchemaPattern?
    var format: FormatCheck?
    var properties: [CodePointKey: PropertyRule] = [:]
    /// `properties` in declaration order, searched in place of the dictionary when short
    /// (comparing a few names beats hashing one).
    var propertyList: [(name: String, rule: PropertyRule)] = []
    var patternProperties: [(pattern: SchemaPattern, node: Int)] = []
    var required: [String] = []
    /// How many `required` names also appear in `properties`.
    var requiredInPropertiesCount = 0
    /// Whether `required` names a member `properties` does not describe.
    var requiredOutsideProperties = false
    var additionalProperties: AdditionalPropertiesRule = .absent
    var propertyNames: Int?
    var minProperties: Int?
    var maxProperties: Int?
    var dependentRequired: [(name: String, required: [String])] = []
    var dependentSchemas: [(name: String, node: Int)] = []
    var unevaluatedProperties: Int?
    var prefixItems: [Int] = []
    var items: Int?
    var contains: Int?
    var minContains: Int?
    var maxContains: Int?
    var uniqueItems = false
    var minItems: Int?
    var maxItems: Int?
    var unevaluatedItems: Int?
    var allOf: [Int] = []
    var anyOf: [Int] = []
    var oneOf: [Int] = []
    var not: Int?
    var conditional: Conditional?
    var discriminator: CompiledDiscriminator?

    /// Whether any object keyword applies (skips the member walk when none does).
    var hasObjectRules = false
    /// Whether any array keyword applies.
    var hasArrayRules = false
    /// Whether any numeric bound applies.
    var hasNumberRules = false
    /// Whether a length, a pattern or a checked format applies.
    var hasStringRules = false
    /// Whether `anyOf` or `oneOf` is present.
    var hasAlternatives = false
    /// Whether `type`, `enum` or `const` is present.
    var hasValueRules = false
    /// Whether `allOf`, `not` or `if` is present.
    var hasApplicators = false
    /// Whether `unevaluatedProperties` or `unevaluatedItems` is present, so the locations
    /// evaluated by the other keywords must be collected.
    var needsEvaluatedLocations = false

    /// The `properties` entry for `name` (compared by code points) among `list`, or in
    /// `table` when the list is long. Static, so that a caller reading rules in place
    /// passes two fields rather than a copy of the whole struct.
    static func property(
        named name: String, in list: [(name: String, rule: PropertyRule)], _ table: [CodePointKey: PropertyRule]
    ) -> PropertyRule? {
        if list.count <= 8 {
            for entry in list where entry.name.hasSameCodePoints(as: name) { return entry.rule }
            return nil
        }
        return table[CodePointKey(name)]
    }

    /// Sets the summary flags from the keywords; called once when compiling.
    mutating func summarize() {
        let restrictsMembers = if case .absent = additionalProperties { false } else { true }
        hasObjectRules = !properties.isEmpty || !required.isEmpty || restrictsMembers || !patternProperties.isEmpty
            || propertyNames != nil || minProperties != nil || maxProperties != nil || !dependentRequired.isEmpty
            || !dependentSchemas.isEmpty || unevaluatedProperties != nil
        hasArrayRules = !prefixItems.isEmpty || items != nil || contains != nil || uniqueItems || minItems != nil
            || maxItems != nil || unevaluatedItems != nil
        hasNumberRules = minimum != nil || maximum != nil || exclusiveMinimum != nil || exclusiveMaximum != nil
            || multipleOf != nil
        hasStringRules = minLength != nil || maxLength != nil || format != nil || pattern != nil
        hasAlternatives = !anyOf.isEmpty || !oneOf.isEmpty
        hasValueRules = types != nil || enumValues != nil || constant != nil
        hasApplicators = !allOf.isEmpty || not != nil || conditional != nil
        needsEvaluatedLocations = unevaluatedProperties != nil || unevaluatedItems != nil
    }
}

/// A compiled schema location: its rules and where they came from.
final class SchemaNode: Sendable {
    /// The location in its document, as a URI fragment (`#/components/schemas/OvenState`),
    /// preceded by the document's label when it is not the contract's main document.
    let schemaPath: String
    /// The schema resource holding this location (for `$dynamicRef`'s dynamic scope).
    let resource: Int
    let rules: SchemaRules

    init(schemaPath: String, resource: Int, rules: SchemaRules) {
        self.schemaPath = schemaPath
        self.resource = resource
        self.rules = rules
    }
}

/// All the schema locations compiled from one document, referring to each other by index
/// (so `$ref` cycles are just indices, never reference cycles). Immutable once built.
final class SchemaGraph: Sendable {
    let nodes: [SchemaNode]
    /// Each node's rules, by the same index, stored inline for `SchemaVerdict`'s walk.
    let rules: [SchemaRules]
    /// The index of the compiled node for each location of the main document (`#/…` form).
    let indexByPath: [String: Int]
    /// For each `$dynamicAnchor` name a `$dynamicRef` uses: the node it names in each
    /// resource that declares it, by resource index.
    let dynamicAnchors: [String: [Int: Int]]

    init(nodes: [SchemaNode], indexByPath: [String: Int], dynamicAnchors: [String: [Int: Int]] = [:]) {
        self.nodes = nodes
        self.rules = nodes.map(\.rules)
        self.indexByPath = indexByPath
        self.dynamicAnchors = dynamicAnchors
    }

    /// The compiled schema at `pointer` of the main document, when the compiler reached it.
    func schema(at pointer: JSONPointer) -> JSONSchema? {
        indexByPath["#" + pointer.description].map { JSONSchema(graph: self, root: $0) }
    }
}
