/// A recipe for building a value from a ``ChoiceSource``.
///
/// Values are never shrunk directly: the engine shrinks the choices a generator drew
/// and builds the value again, so `map`, `flatMap` and state-dependent generation
/// shrink without extra code.
///
/// ```swift
/// let event = Gen.zip(Gen.int(in: 0...100), Gen.duration(in: .zero ... .seconds(2)))
///     .map { SliderEvent(value: $0, after: $1) }
/// let trace = Gen.array(of: event, count: 0...20)
/// ```
public struct Gen<Value>: Sendable {
    private let body: @Sendable (inout ChoiceSource) throws(GenerationFailure) -> Value

    /// A generator that draws from the source with `body`.
    public init(_ body: @escaping @Sendable (inout ChoiceSource) throws(GenerationFailure) -> Value) {
        self.body = body
    }

    /// Builds one value, drawing choices from `source`.
    public func generate(from source: inout ChoiceSource) throws(GenerationFailure) -> Value {
        try body(&source)
    }

    /// Applies `transform` to every generated value.
    public func map<Mapped>(_ transform: @escaping @Sendable (Value) -> Mapped) -> Gen<Mapped> {
        Gen<Mapped> { source throws(GenerationFailure) in
            transform(try body(&source))
        }
    }

    /// Generates a value, then continues with the generator `next` picks for it.
    /// Shrinking still works: both draws live in the same choice sequence.
    public func flatMap<Next>(_ next: @escaping @Sendable (Value) -> Gen<Next>) -> Gen<Next> {
        Gen<Next> { source throws(GenerationFailure) in
            try next(try body(&source)).generate(from: &source)
        }
    }

    /// Keeps drawing until `isIncluded` accepts a value, at most `maximumAttempts`
    /// times; then fails with ``GenerationFailure/filterExhausted(label:attempts:)``
    /// and the case is discarded.
    public func filter(
        _ label: String = "filter",
        maximumAttempts: Int = 100,
        _ isIncluded: @escaping @Sendable (Value) -> Bool
    ) -> Gen<Value> {
        Gen { source throws(GenerationFailure) in
            for _ in 0..<max(1, maximumAttempts) {
                let candidate = try body(&source)
                if isIncluded(candidate) {
                    return candidate
                }
            }
            throw .filterExhausted(label: label, attempts: max(1, maximumAttempts))
        }
    }
}

extension Gen where Value: Sendable {
    /// Always `value`; draws nothing.
    public static func constant(_ value: Value) -> Gen<Value> {
        Gen { _ in value }
    }
}
