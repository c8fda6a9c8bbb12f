// The API's `T | null` fields: required keys whose value may be `null`. Synthesized
// Codable would omit them when nil and accept them when missing; API.md says they
// are always present.

/// A `T | null` member of a synthesized `Codable` type: decoded with
/// `decode(_:forKey:)`, so a missing key throws `DecodingError.keyNotFound`, and
/// encoded as an explicit `null` when `nil`.
///
/// ```swift
/// @RequiredNullable public var cycle: String?   // "cycle": null when idle
/// ```
@propertyWrapper
public struct RequiredNullable<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The value; `nil` is JSON `null`.
    public var wrappedValue: Value?

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes `null` as `nil`, anything else as a `Value`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    /// Encodes the value, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
