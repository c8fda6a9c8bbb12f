import KitchenTesting
import Testing

struct PropertyRunnerTests {
    @Test func reportedSeedRerunsTheIdenticalFailingCaseAsCaseOne() async throws {
        let trace = Gen.array(of: Gen.int(in: -500...500), count: 0...20)
        let property = { (configuration: PropertyConfiguration) in
            await Property(trace, configuration: configuration).check { values in
                try expect(values.filter { $0 > 400 }.count < 3)
            }
        }
        let first = try #require(await property(isolatedConfiguration(seed: 99)).counterexample)
        #expect(first.caseNumber > 1, "the test needs a failure past case 1 to mean anything")

        let pinned = try #require(await property(.replaying(seed: first.seed)).counterexample)
        #expect(pinned.caseNumber == 1)
        #expect(pinned.original == first.original)
        #expect(pinned.shrunk == first.shrunk)
        #expect(pinned.seedOrigin == .explicit)

        let fromEnvironment = PropertyConfiguration(environment: [PropertyConfiguration.seedVariable: "\(first.seed)"])
        let replayed = try #require(await property(fromEnvironment).counterexample)
        #expect(replayed.caseNumber == 1)
        #expect(replayed.original == first.original)
        #expect(replayed.seedOrigin == .environment)
        #expect(replayed.description.contains("replaying fixed seed \(first.seed) from KITCHEN_PBT_SEED"))
        #expect(first.description.contains("rerun this case alone with KITCHEN_PBT_SEED=\(first.seed)."))
    }

    @Test func aFixedSeedFromTheEnvironmentIsFlaggedInAPassingReport() async throws {
        let configuration = PropertyConfiguration(environment: ["KITCHEN_PBT_SEED": "0x2A", "KITCHEN_PBT_CASES": "37"])
        let report = await Property(Gen.bool, configuration: configuration).checkThat { _ in true }
        guard case let .passed(run) = report else {
            Issue.record("expected a pass, got \(report)")
            return
        }
        #expect(run == PassedRun(cases: 37, discarded: 0, seed: 42, seedOrigin: .environment))
        #expect(report.description
            == "Passed 37 cases (replaying fixed seed 42 from KITCHEN_PBT_SEED; no new cases explored).")
    }

    @Test(arguments: ["KITCHEN_PBT_SEED": "12ab", "KITCHEN_PBT_CASES": "-3"])
    func aMalformedEnvironmentVariableGivesUpWithItsName(variable: String, value: String) async throws {
        let configuration = PropertyConfiguration(environment: [variable: value])
        let report = await Property(Gen.bool, configuration: configuration).checkThat { _ in true }
        guard case let .gaveUp(gaveUp) = report else {
            Issue.record("expected to give up, got \(report)")
            return
        }
        #expect(gaveUp.reason == "\(variable)=\"\(value)\" is not a valid number (decimal, or hex with 0x)")
    }

    @Test func aPropertyThatOnlyFailsSometimesIsReportedAsNondeterministic() async throws {
        var calls = 0
        let report = await Property(Gen.int(in: 0...100), configuration: isolatedConfiguration()).check { _ in
            calls += 1
            try expect(calls > 1, "fails on the first call only")
        }
        guard case let .nondeterministic(counterexample) = report else {
            Issue.record("expected nondeterministic, got \(report)")
            return
        }
        #expect(counterexample.caseNumber == 1)
        #expect(counterexample.failure.hasPrefix("fails on the first call only"))
        #expect(report.description.hasPrefix("Property is NONDETERMINISTIC"))
    }

    @Test func aFilterThatRejectsEverythingGivesUpWithAClearReason() async throws {
        let impossible = Gen.int(in: 0...100).filter("odd and even", maximumAttempts: 20) { $0 % 2 == 0 && $0 % 2 == 1 }
        let report = await Property(impossible, configuration: isolatedConfiguration(cases: 10)).check { _ in }
        guard case let .gaveUp(gaveUp) = report else {
            Issue.record("expected to give up, got \(report)")
            return
        }
        #expect(gaveUp.reason.hasSuffix(
            "the last: filter \"odd and even\" rejected all 20 candidates; loosen it or generate valid values directly"))
        #expect(gaveUp.casesRun == 0)
    }

    @Test func passingPropertyRunsTheConfiguredNumberOfCases() async throws {
        var seen = 0
        let report = await Property(Gen.int(in: 0...10), configuration: isolatedConfiguration(cases: 321)).check { _ in
            seen += 1
        }
        #expect(seen == 321)
        #expect(report.isPassed)
    }
}
