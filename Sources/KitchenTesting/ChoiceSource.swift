import HarnessCore

/// The stream of bounded choices a generator draws from, recorded as it goes.
///
/// In random mode every choice comes from a seeded generator; in replay mode the
/// choices come from a given sequence, and past its end every choice is 0 (the
/// simplest value). Shrinking edits the recorded sequence and replays it, so a
/// smaller sequence means a simpler value, whatever the generator built from it.
///
/// ```swift
/// var source = ChoiceSource(replaying: [3, 1])
/// let value = try Gen.int(in: 0...9).generate(from: &source)   // 3
/// ```
public struct ChoiceSource {
    private var random: SeededGenerator
    private let prefix: [UInt64]
    private var position = 0
    private var drawn = 0
    /// `true` when the choices come from a given sequence rather than from randomness.
    public let isReplaying: Bool
    /// The most choices one case may draw before generation fails.
    public let maximumChoices: Int
    /// The choices drawn so far, each within its bound. In replay mode only the
    /// choices read from the given sequence are recorded, not the zeros past its end.
    public private(set) var choices: [UInt64]

    /// A source that draws random choices from `seed`.
    public init(seed: UInt64, maximumChoices: Int = 10_000) {
        random = SeededGenerator(seed: seed)
        prefix = []
        isReplaying = false
        self.maximumChoices = maximumChoices
        choices = []
        choices.reserveCapacity(64)
    }

    /// A source that replays `choices`, then answers 0 to every further draw.
    public init(replaying choices: [UInt64], maximumChoices: Int = 10_000) {
        random = SeededGenerator(seed: 0)
        prefix = choices
        isReplaying = true
        self.maximumChoices = maximumChoices
        self.choices = []
        self.choices.reserveCapacity(choices.count)
    }

    /// A choice in `0...bound`. Random mode favours the ends and small values, so
    /// boundaries turn up early; replay clamps a recorded value to `bound`.
    public mutating func draw(upTo bound: UInt64) throws(GenerationFailure) -> UInt64 {
        try draw(upTo: bound) { random in
            let bits = random.next()
            switch bits & 63 {
            case 0...1: return 0
            case 2...3: return bound
            case 4...9: return Self.uniform(upTo: min(bound, 15), bits: random.next())
            default: return Self.uniform(upTo: bound, bits: random.next())
            }
        }
    }

    /// A choice in `0...bound` whose random-mode value is picked by `pick` (which
    /// may use `randomBits()`), e.g. to draw uniformly over a signed range and then
    /// record its encoding. In replay mode `pick` is not called.
    public mutating func draw(
        upTo bound: UInt64,
        pick: (inout SeededGenerator) -> UInt64
    ) throws(GenerationFailure) -> UInt64 {
        drawn += 1
        if drawn > maximumChoices {
            throw .tooManyChoices(limit: maximumChoices)
        }
        if isReplaying {
            guard position < prefix.count else { return 0 }
            let value = min(prefix[position], bound)
            position += 1
            choices.append(value)
            return value
        }
        let value = min(pick(&random), bound)
        choices.append(value)
        return value
    }

    /// A 0/1 choice that is 1 with `probability` in random mode; shrinks to `false`.
    /// Collections use it as a continue flag, so deleting a flag and its element
    /// from the sequence shortens the collection.
    public mutating func drawFlag(probability: Double) throws(GenerationFailure) -> Bool {
        try draw(upTo: 1) { random in
            Double(random.next() >> 11) * 0x1p-53 < probability ? 1 : 0
        } == 1
    }

    /// A uniform value in `0...bound` from 64 random bits (Lemire's multiply-shift,
    /// bias below 2⁻⁶⁴·bound, which no test can observe).
    static func uniform(upTo bound: UInt64, bits: UInt64) -> UInt64 {
        if bound == .max {
            return bits
        }
        return bits.multipliedFullWidth(by: bound + 1).high
    }
}
