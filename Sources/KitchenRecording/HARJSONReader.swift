import HarnessCore

/// Why a parsed HAR document does not fit the model, and where: a field path in the form
/// `log.entries[3].request.method`, assembled on the way out so the success path builds no
/// strings.
struct HARShapeError: Error, CustomStringConvertible {
    /// The path to the offending value, outermost first; an index reads `[3]`.
    var path: [String]
    /// What is wrong with it.
    var problem: Problem

    enum Problem {
        case missing(field: String)
        case null(expected: String)
        case wrongType(expected: String, found: String)
        case notOneOf(found: String, allowed: [String])
    }

    var description: String {
        switch problem {
        case .missing(let field): "missing required field \"\(field)\" in \(location)"
        case .null(let expected): "\(location) is null, \(expected) is required"
        case .wrongType(let expected, let found): "\(location) is not \(expected): found \(found)"
        case .notOneOf(let found, let allowed): "\(location) is \(found), not one of \(allowed.joined(separator: ", "))"
        }
    }

    /// The path as the reader would write it.
    var location: String { Self.location(of: path) }

    /// `["log", "entries", "[3]", "request"]` as `log.entries[3].request`; an empty path is the document.
    static func location(of path: [String]) -> String {
        guard !path.isEmpty else { return "the document" }
        var text = ""
        for component in path {
            text += component.hasPrefix("[") || text.isEmpty ? component : "." + component
        }
        return text
    }

    /// Runs `body`, prefixing the path of any error it throws with `component`.
    static func within<T>(_ component: String, _ body: () throws(HARShapeError) -> T) throws(HARShapeError) -> T {
        do {
            return try body()
        } catch {
            var error = error
            error.path.insert(component, at: 0)
            throw error
        }
    }
}

/// A HAR type that reads itself from parsed JSON: the counterpart of `HARJSONRepresentable`,
/// fast because replay loads whole recordings before it can answer. Required fields must be
/// present and not `null`, optional ones may be absent or `null`, unknown fields are ignored.
/// Every HAR type gets it from its one field declaration (``HARFields``).
protocol HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError)
}

/// Typed access to the members of one JSON object of a HAR file.
struct HARObjectReader {
    let object: JSONObject

    /// A reader over `value`, which must be an object.
    init(_ value: JSONValue) throws(HARShapeError) {
        guard case .object(let object) = value else {
            throw HARShapeError(path: [], problem: .wrongType(expected: "an object", found: value.typeName))
        }
        self.object = object
    }

    /// The value at `key`, `nil` when absent or `null`.
    private func present(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// The value at `key`, which must be present and not `null`.
    private func required(_ key: String, _ expected: String) throws(HARShapeError) -> JSONValue {
        guard let value = object[key] else { throw HARShapeError(path: [], problem: .missing(field: key)) }
        guard !value.isNull else { throw HARShapeError(path: [key], problem: .null(expected: expected)) }
        return value
    }

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> HARShapeError {
        HARShapeError(path: [key], problem: .wrongType(expected: expected, found: value.typeName))
    }

    /// The field at `key`, which must be present and convertible by `extract`.
    private func read<Value>(_ key: String, _ expected: String, _ extract: (JSONValue) -> Value?) throws(HARShapeError) -> Value {
        let value = try required(key, expected)
        guard let converted = extract(value) else { throw mismatch(key, expected, value) }
        return converted
    }

    /// The field at `key` converted by `extract`, `nil` when absent or `null`.
    private func read<Value>(ifPresent key: String, _ expected: String, _ extract: (JSONValue) -> Value?) throws(HARShapeError) -> Value? {
        guard let value = present(key) else { return nil }
        guard let converted = extract(value) else { throw mismatch(key, expected, value) }
        return converted
    }

    func string(_ key: String) throws(HARShapeError) -> String { try read(key, "a string", \.stringValue) }
    func string(ifPresent key: String) throws(HARShapeError) -> String? { try read(ifPresent: key, "a string", \.stringValue) }
    func double(_ key: String) throws(HARShapeError) -> Double { try read(key, "a number", \.doubleValue) }
    func double(ifPresent key: String) throws(HARShapeError) -> Double? { try read(ifPresent: key, "a number", \.doubleValue) }
    func int(_ key: String) throws(HARShapeError) -> Int { try read(key, "an integer", \.intValue) }
    func int(ifPresent key: String) throws(HARShapeError) -> Int? { try read(ifPresent: key, "an integer", \.intValue) }
    func bool(ifPresent key: String) throws(HARShapeError) -> Bool? { try read(ifPresent: key, "a Boolean", \.boolValue) }

    /// An array of strings at `key`, `nil` when absent or `null`.
    func strings(_ key: String) throws(HARShapeError) -> [String] {
        try strings(of: required(key, "an array"), key: key)
    }

    func strings(ifPresent key: String) throws(HARShapeError) -> [String]? {
        guard let value = present(key) else { return nil }
        return try strings(of: value, key: key)
    }

    private func strings(of value: JSONValue, key: String) throws(HARShapeError) -> [String] {
        guard case .array(let elements) = value else { throw mismatch(key, "an array", value) }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let text = element.stringValue else {
                throw HARShapeError(path: [key, "[\(index)]"], problem: .wrongType(expected: "a string", found: element.typeName))
            }
            strings.append(text)
        }
        return strings
    }

    /// A string field holding one of `Value`'s raw values.
    func value<Value: RawRepresentable & CaseIterable>(_ key: String, as _: Value.Type) throws(HARShapeError) -> Value
    where Value.RawValue == String {
        let text = try string(key)
        guard let value = Value(rawValue: text) else {
            throw HARShapeError(path: [key], problem: .notOneOf(found: "\"\(text)\"", allowed: Value.allCases.map(\.rawValue)))
        }
        return value
    }

    /// An integer field holding one of `Value`'s raw values.
    func value<Value: RawRepresentable & CaseIterable>(_ key: String, as _: Value.Type) throws(HARShapeError) -> Value
    where Value.RawValue == Int {
        let number = try int(key)
        guard let value = Value(rawValue: number) else {
            throw HARShapeError(path: [key], problem: .notOneOf(found: "\(number)", allowed: Value.allCases.map { "\($0.rawValue)" }))
        }
        return value
    }

    func object<Value: HARJSONReadable>(_ key: String, as _: Value.Type = Value.self) throws(HARShapeError) -> Value {
        let value = try required(key, "an object")
        return try HARShapeError.within(key) { () throws(HARShapeError) in try Value(reading: HARObjectReader(value)) }
    }

    func object<Value: HARJSONReadable>(ifPresent key: String, as _: Value.Type = Value.self) throws(HARShapeError) -> Value? {
        guard let value = present(key) else { return nil }
        return try HARShapeError.within(key) { () throws(HARShapeError) in try Value(reading: HARObjectReader(value)) }
    }

    func array<Element: HARJSONReadable>(_ key: String, of _: Element.Type = Element.self) throws(HARShapeError) -> [Element] {
        try elements(of: required(key, "an array"), key: key)
    }

    func array<Element: HARJSONReadable>(ifPresent key: String, of _: Element.Type = Element.self) throws(HARShapeError) -> [Element]? {
        guard let value = present(key) else { return nil }
        return try elements(of: value, key: key)
    }

    private func elements<Element: HARJSONReadable>(of value: JSONValue, key: String) throws(HARShapeError) -> [Element] {
        guard case .array(let values) = value else { throw mismatch(key, "an array", value) }
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for (index, element) in values.enumerated() {
            let decoded = try HARShapeError.within(key) { () throws(HARShapeError) in
                try HARShapeError.within("[\(index)]") { () throws(HARShapeError) in
                    try Element(reading: HARObjectReader(element))
                }
            }
            elements.append(decoded)
        }
        return elements
    }
}
