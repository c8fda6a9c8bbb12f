import KitchenTesting
import Testing

/// A configuration that ignores the process environment, so these engine tests
/// behave the same whatever `KITCHEN_PBT_*` variables the run has.
func isolatedConfiguration(cases: Int = 500, seed: UInt64? = 20_260_101) -> PropertyConfiguration {
    PropertyConfiguration(cases: cases, seed: seed, environment: [:])
}

struct PropertyShrinkingTests {
    static let seeds: [UInt64] = [1, 2, 3, 20_260_101, 0xDEAD_BEEF]

    @Test(arguments: [0...1_000_000, -1_000_000...1_000_000, Int.min...Int.max], seeds)
    func intsBelowAThousandShrinkToExactlyAThousand(range: ClosedRange<Int>, seed: UInt64) async throws {
        let report = await Property(Gen.int(in: range), configuration: isolatedConfiguration(seed: seed)).check { value in
            try expect(value < 1000, "\(value) is not below 1000")
        }
        let counterexample = try #require(report.counterexample)
        guard case .failed = report else {
            Issue.record("expected a deterministic failure, got \(report)")
            return
        }
        #expect(counterexample.shrunk == 1000)
        #expect(counterexample.failure.hasPrefix("1000 is not below 1000 (KitchenTestingTests/PropertyShrinkingTests.swift:"))
        #expect(counterexample.shrinkSteps > 0)
    }

    @Test(arguments: seeds)
    func arraysWithoutEqualNeighboursShrinkToTwoZeros(seed: UInt64) async throws {
        let arrays = Gen.array(of: Gen.int(in: 0...20), count: 0...40)
        let report = await Property(arrays, configuration: isolatedConfiguration(seed: seed)).check { values in
            try expect(!zip(values, values.dropFirst()).contains { $0 == $1 }, "equal neighbours")
        }
        let counterexample = try #require(report.counterexample)
        #expect(counterexample.shrunk == [0, 0])
        #expect(counterexample.shrunkDescription == "[0, 0]")
    }

    @Test(arguments: seeds)
    func flatMapDependentGeneratorStillShrinks(seed: UInt64) async throws {
        let sized = Gen.int(in: 1...10).flatMap { count in
            Gen.array(of: Gen.int(in: 0...100), count: count...count)
        }
        let report = await Property(sized, configuration: isolatedConfiguration(seed: seed)).checkThat { values in
            values.reduce(0, +) < 100
        }
        let counterexample = try #require(report.counterexample)
        #expect(counterexample.shrunk == [100])
        #expect(counterexample.failure.hasPrefix("the property returned false"))
    }

    @Test func oneOfAndFrequencyShrinkTowardTheFirstAlternative() async throws {
        let rare = Gen.frequency([
            (weight: 1, generator: Gen.constant("rare first")),
            (weight: 99, generator: Gen.int(in: 0...50).map { "common \($0)" }),
        ])
        let pairs = Gen.zip(rare, Gen.oneOf(Gen.int(in: 10...20), Gen.constant(-1)))
        let report = await Property(pairs, configuration: isolatedConfiguration()).check { pair in
            throw PropertyFailure("every case fails: \(pair)")
        }
        let counterexample = try #require(report.counterexample)
        #expect(counterexample.shrunk == ("rare first", 10))
        #expect(counterexample.choices == [])
    }

    @Test func shortlexOrderPrefersFewerChoicesOverAnEarlierAlternative() async throws {
        // ("big 0", 0) needs one choice, ("small", 1) two: fewer choices is simpler.
        let shapes = Gen.frequency([
            (weight: 1, generator: Gen.constant("small")),
            (weight: 5, generator: Gen.int(in: 0...50).map { "big \($0)" }),
        ])
        let pairs = Gen.zip(shapes, Gen.oneOf(Gen.constant(0), Gen.int(in: 1...9)))
        let report = await Property(pairs, configuration: isolatedConfiguration()).check { pair in
            try expect(pair.0 == "small" && pair.1 == 0)
        }
        let counterexample = try #require(report.counterexample)
        #expect(counterexample.shrunk == ("big 0", 0))
        #expect(counterexample.choices == [1])
    }

    @Test func shrinkingRespectsItsAttemptBudget() async throws {
        let configuration = PropertyConfiguration(cases: 500, seed: 7, maximumShrinkAttempts: 3, environment: [:])
        let report = await Property(Gen.array(of: Gen.int(in: 0...1000), count: 5...30), configuration: configuration)
            .checkThat { values in values.isEmpty }
        let counterexample = try #require(report.counterexample)
        #expect(counterexample.shrinkAttempts == 3)
    }
}
