import HarnessCore
import HTTPWire

/// A request's JSON object body, with field accessors that fail with the API's
/// error classes: malformed JSON, a missing field or a wrong type is
/// `bad_request`; an out-of-range or unknown value is `invalid_value` (checked by the caller).
struct JSONBody {
    let object: JSONObject

    init(_ request: HTTPRequest) throws(APIError) {
        guard !request.body.isEmpty else { throw .badRequest("a JSON object body is required") }
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue(parsing: request.body)
        } catch {
            throw .badRequest("malformed JSON: \(error)")
        }
        guard case .object(let object) = value else { throw .badRequest("the body must be a JSON object") }
        self.object = object
    }

    func int(_ key: String) throws(APIError) -> Int {
        try field(key, "an integer", \.intValue)
    }

    func bool(_ key: String) throws(APIError) -> Bool {
        try field(key, "a boolean", \.boolValue)
    }

    func string(_ key: String) throws(APIError) -> String {
        try field(key, "a string", \.stringValue)
    }

    /// An optional field read by `read` (e.g. `JSONBody.int`): absent is `nil`; present must
    /// have the type (`null` is a wrong type).
    func optional<Value>(_ key: String, _ read: (Self) -> (String) throws(APIError) -> Value) throws(APIError) -> Value? {
        object[key] == nil ? nil : try read(self)(key)
    }

    /// The field `key` as `extract` reads it: missing, or of a type it does not read, is `bad_request`.
    private func field<Value>(_ key: String, _ type: String, _ extract: (JSONValue) -> Value?) throws(APIError) -> Value {
        guard let value = object[key] else { throw .badRequest("missing field \(key)") }
        guard let typed = extract(value) else { throw .badRequest("\(key) must be \(type)") }
        return typed
    }
}

extension Int {
    /// `self` if it lies in `range`, else `invalid_value` naming the field and the range.
    func checked(_ field: String, in range: ClosedRange<Int>) throws(APIError) -> Int {
        guard range.contains(self) else {
            throw .invalidValue("\(field) must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return self
    }
}

extension String {
    /// `self` if it is one of `allowed`, else `invalid_value` listing them.
    func checked(_ field: String, in allowed: some Collection<String>) throws(APIError) -> String {
        guard allowed.contains(self) else {
            throw .invalidValue("\(field) must be one of: \(allowed.sorted().joined(separator: ", "))")
        }
        return self
    }
}
