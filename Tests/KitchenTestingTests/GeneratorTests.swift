import HarnessCore
import KitchenTesting
import Testing

struct GeneratorTests {
    static let intRanges: [ClosedRange<Int>] = [
        0...0, 5...9, -20 ... -10, -5...3, -3...5000, Int.min...Int.max, Int.min...0, 0...Int.max,
    ]

    @Test(arguments: intRanges)
    func intsStayInRangeForRandomAndArbitraryReplayedChoices(range: ClosedRange<Int>) throws {
        let generator = Gen.int(in: range)
        var noise = SeededGenerator(seed: 5)
        var seen: Set<Int> = []
        for seed in UInt64(0)..<2_000 {
            var random = ChoiceSource(seed: seed)
            let value = try generator.generate(from: &random)
            #expect(range.contains(value), "seed \(seed) gave \(value)")
            seen.insert(value)
            var replay = ChoiceSource(replaying: [noise.next(), noise.next()])
            let replayed = try generator.generate(from: &replay)
            #expect(range.contains(replayed), "replay gave \(replayed)")
        }
        #expect(seen.contains(range.lowerBound) && seen.contains(range.upperBound), "both bounds turn up in 2000 draws")
    }

    @Test func intShrinkTargetIsZeroWhenInRangeAndTheLowerBoundOtherwise() throws {
        for (range, simplest) in [(-5...3, 0), (-7...0, 0), (Int.min...0, 0), (10...20, 10), (-20 ... -10, -20)] {
            var empty = ChoiceSource(replaying: [])
            #expect(try Gen.int(in: range).generate(from: &empty) == simplest)
        }
    }

    @Test func arraysRespectTheirCountBoundsAndShortenWhenFlagsAreDeleted() throws {
        let arrays = Gen.array(of: Gen.int(in: 0...9), count: 2...6)
        for seed in UInt64(0)..<1_000 {
            var source = ChoiceSource(seed: seed)
            let values = try arrays.generate(from: &source)
            #expect((2...6).contains(values.count))
        }
        var replay = ChoiceSource(replaying: [4, 5, 1, 7, 1, 8, 0])
        #expect(try arrays.generate(from: &replay) == [4, 5, 7, 8])
        var shorter = ChoiceSource(replaying: [4, 5, 1, 8])
        #expect(try arrays.generate(from: &shorter) == [4, 5, 8])
    }

    @Test func durationsStayOnTheGridInsideTheRange() throws {
        let range = Duration.milliseconds(100) ... .seconds(3)
        let durations = Gen.duration(in: range, resolution: .milliseconds(10), around: [.milliseconds(500)])
        for seed in UInt64(0)..<2_000 {
            var source = ChoiceSource(seed: seed)
            let value = try durations.generate(from: &source)
            #expect(range.contains(value))
            #expect((value - .milliseconds(100)) / .milliseconds(10) == ((value - .milliseconds(100)) / .milliseconds(10)).rounded())
        }
        var simplest = ChoiceSource(replaying: [])
        #expect(try durations.generate(from: &simplest) == .milliseconds(100))
    }

    /// The debounce rule flips between `threshold - 1 ms` and `threshold`; both must
    /// come up early, for every seed, not just on a lucky one.
    @Test(arguments: UInt64(0)..<20)
    func durationsHitTheThresholdAndOneMillisecondBeforeItEarly(seed: UInt64) throws {
        let threshold = Duration.milliseconds(500)
        let durations = Gen.duration(in: .zero ... .seconds(2), around: [threshold])
        var firstHit: [Duration: Int] = [:]
        var caseSeed = seed
        for caseNumber in 1...300 {
            var source = ChoiceSource(seed: caseSeed)
            let value = try durations.generate(from: &source)
            if firstHit[value] == nil {
                firstHit[value] = caseNumber
            }
            var next = SeededGenerator(seed: caseSeed)
            caseSeed = next.next()
        }
        #expect(firstHit[threshold] != nil, "threshold not hit in 300 cases")
        #expect(firstHit[threshold - .milliseconds(1)] != nil, "threshold - 1 ms not hit in 300 cases")
        #expect(firstHit[.zero] != nil && firstHit[.seconds(2)] != nil, "range ends not hit in 300 cases")
    }

    @Test func elementOneOfAndZipDrawInOrder() throws {
        let generator = Gen.zip(Gen.element(of: ["a", "b", "c"]), Gen.bool, Gen.constant(7))
        var replay = ChoiceSource(replaying: [2, 1])
        let value = try generator.generate(from: &replay)
        #expect(value == ("c", true, 7))
        #expect(replay.choices == [2, 1])
    }

    @Test func runawayGenerationIsStoppedByTheChoiceLimit() throws {
        let endless = Gen.array(of: Gen.int(in: 0...9), count: 0...Int.max)
        var source = ChoiceSource(replaying: Array(repeating: 1, count: 500), maximumChoices: 100)
        #expect(throws: GenerationFailure.tooManyChoices(limit: 100)) {
            try endless.generate(from: &source)
        }
    }
}
