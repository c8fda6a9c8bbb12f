import HarnessCore

/// The fields whose values change from run to run (clocks, mostly), so that diffing and
/// request matching can ignore them. Recordings keep the real values; only comparisons
/// normalise.
///
/// ```swift
/// let a = VolatileFields.kitchen.normalize(recordedBody)
/// let b = VolatileFields.kitchen.normalize(liveBody)
/// #expect(a == b)   // equal apart from timestamps
/// ```
public struct VolatileFields: Sendable, Hashable {
    /// What a volatile string is replaced by.
    public static let placeholder = "<volatile>"

    /// Where volatile values live (see ``JSONPathPattern`` for the syntax).
    public var patterns: [JSONPathPattern]

    /// Volatile fields at `patterns`.
    public init(_ patterns: [JSONPathPattern]) {
        self.patterns = patterns
    }

    /// The Kitchen API's clock fields: every state's `lastUpdated`, every live message's
    /// `sentAt`, the login response's top-level `expiresAt`, and the fridge's
    /// `doorOpenedAt` wherever a fridge state appears.
    public static let kitchen = VolatileFields(["**.lastUpdated", "**.sentAt", "expiresAt", "**.doorOpenedAt"])

    /// Whether the value at `path` (member names and decimal indices from the root) is volatile.
    public func isVolatile(_ path: [String]) -> Bool {
        patterns.contains { $0.matches(path) }
    }

    /// `value` with every string at a volatile location replaced by ``placeholder``. Values
    /// of other types stay, `null` included, so a field that is `null` on one side and a time
    /// on the other still differs.
    public func normalize(_ value: JSONValue) -> JSONValue {
        var path: [String] = []
        return value.replacing(at: patterns, path: &path) { found in
            found.stringValue == nil ? nil : .string(Self.placeholder)
        }
    }
}
