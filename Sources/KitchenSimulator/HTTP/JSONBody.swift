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
        guard let value = object[key] else { throw .badRequest("missing field \(key)") }
        guard case .number(let number) = value, number.isInteger, let int = number.int64Value.flatMap({ Int(exactly: $0) })
        else { throw .badRequest("\(key) must be an integer") }
        return int
    }

    func bool(_ key: String) throws(APIError) -> Bool {
        guard let value = object[key] else { throw .badRequest("missing field \(key)") }
        guard case .bool(let flag) = value else { throw .badRequest("\(key) must be a boolean") }
        return flag
    }

    func string(_ key: String) throws(APIError) -> String {
        guard let value = object[key] else { throw .badRequest("missing field \(key)") }
        guard case .string(let text) = value else { throw .badRequest("\(key) must be a string") }
        return text
    }

    /// An optional string field: absent is `nil`; present must be a string (`null` is a wrong type).
    func optionalString(_ key: String) throws(APIError) -> String? {
        guard object[key] != nil else { return nil }
        return try string(key)
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
