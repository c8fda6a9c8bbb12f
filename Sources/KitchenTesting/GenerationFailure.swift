/// Why a generator could not produce a value for the current choice sequence.
/// A case that fails to generate is discarded, never reported as a counterexample.
public enum GenerationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `filter` rejected every one of `attempts` candidates.
    case filterExhausted(label: String, attempts: Int)
    /// The case drew more than `limit` choices (a runaway recursive generator).
    case tooManyChoices(limit: Int)
    /// A generator rejected the choices for a reason of its own.
    case rejected(String)

    /// What went wrong and how to fix it.
    public var description: String {
        switch self {
        case let .filterExhausted(label, attempts):
            "filter \"\(label)\" rejected all \(attempts) candidates; loosen it or generate valid values directly"
        case let .tooManyChoices(limit):
            "the case drew more than \(limit) choices; raise maximumChoicesPerCase or bound the generator"
        case let .rejected(reason):
            "generator rejected the case: \(reason)"
        }
    }
}
