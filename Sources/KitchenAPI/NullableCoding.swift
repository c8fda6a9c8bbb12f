// Helpers for the API's `T | null` fields: required keys whose value may be
// `null`. Synthesized Codable would omit them when nil and accept them when
// missing; API.md says they are always present.

extension KeyedDecodingContainer {
    /// Decodes a key that must be present and may be `null`. A missing key
    /// throws `DecodingError.keyNotFound` (`decodeNil(forKey:)` requires the key).
    func decodeRequiredNullable<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        try decodeNil(forKey: key) ? nil : decode(Value.self, forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// Encodes `value`, or an explicit `null` when it is `nil`.
    mutating func encodeNullable<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }
}
