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

    /// The path as the reader would write it: `["log", "entries", "[3]", "request"]` as
    /// `log.entries[3].request`; an empty path is the document.
    var location: String {
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

/// The members of one JSON object of a HAR file, read as the values they declare (``HARValue``),
/// with the member's path in every error: the reader side of a declaration (``HARFields``).
/// Required fields must be present and not `null`, optional ones may be absent or `null`,
/// unknown fields are ignored.
struct HARObjectReader: HARFieldVisitor {
    let object: JSONObject

    /// A reader over `value`, which must be an object.
    init(_ value: JSONValue) throws(HARShapeError) {
        guard case .object(let object) = value else {
            throw HARShapeError(path: [], problem: .wrongType(expected: "an object", found: value.typeName))
        }
        self.object = object
    }

    /// The member at `key`.
    func read<Value: HARValue>(_ key: String) throws(HARShapeError) -> Value {
        try Value.read(member: object[key], key: key)
    }

    mutating func visit<Value: HARValue>(_ key: String, _ value: inout Value) throws(HARShapeError) {
        value = try read(key)
    }

    mutating func visit(_ key: String, _ value: inout Double, absent: Double) throws(HARShapeError) {
        value = try read(key) ?? absent
    }
}
