@testable import HTTPWire
import KitchenTesting
import Testing

/// The mutation properties are only as good as the rules they reach: a fixed seed's mutated
/// inputs must end in many different defined errors, and some must still decode.
@Suite struct MutationCoverageTests {
    /// The case's name (the label of its payload), or the description of a case without one.
    static func caseName(_ error: some Error) -> String {
        Mirror(reflecting: error).children.first?.label ?? String(describing: error)
    }

    @Test func mutatedRequestsReachManyDistinctRules() async {
        var errors: [String: Int] = [:]
        var clean = 0
        let limits = HTTPLimits(maxStartLineBytes: 40, maxHeaderBytes: 120, maxHeaderCount: 4, maxBodyBytes: 50, maxChunkLineBytes: 12)
        let generator = Gen.zip(WireGenerators.pipeline, WireGenerators.mutations)
        let report = await Property(generator, configuration: PropertyConfiguration(cases: 2_000, seed: 20_261_125)).check { requests, mutations in
            let run = DecoderRuns.requests([WireGenerators.apply(mutations, to: requests.flatMap(\.wire))], limits: limits)
            if let error = run.error { errors[Self.caseName(error), default: 0] += 1 } else { clean += 1 }
        }
        #expect(report.isPassed)
        #expect(errors.count >= 15, "\(errors)")
        #expect(clean > 0)
    }

    @Test func mutatedFramesReachManyDistinctRules() async {
        var errors: [String: Int] = [:]
        var clean = 0
        let generator = Gen.zip(WireGenerators.frames, WireGenerators.mutations)
        let report = await Property(generator, configuration: PropertyConfiguration(cases: 2_000, seed: 20_261_125)).check { frames, mutations in
            let run = DecoderRuns.webSocket([WireGenerators.apply(mutations, to: frames.wire)], role: frames.role,
                                            maxFrameSize: 70_000, maxMessageSize: 140_000)
            if let error = run.error { errors[Self.caseName(error), default: 0] += 1 } else { clean += 1 }
        }
        #expect(report.isPassed)
        #expect(errors.count >= 12, "\(errors)")
        #expect(clean > 0)
    }
}
