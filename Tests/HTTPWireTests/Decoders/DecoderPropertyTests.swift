@testable import HTTPWire
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// Properties of the decoders over generated input, run with our own engine (a failure prints
/// its seed and the shrunk input): valid input decodes to what was encoded however it is cut,
/// and corrupted input always ends, in values or in one of the defined errors.
@Suite struct DecoderPropertyTests {
    static let configuration = PropertyConfiguration(cases: 300)

    @Test func generatedRequestsCutAnywhereDecodeToWhatWasEncoded() async {
        await checkProperty(Gen.zip(WireGenerators.pipeline, WireGenerators.cuts), configuration: Self.configuration) { requests, cuts in
            let wire = requests.flatMap(\.wire)
            let whole = DecoderRuns.requests([wire])
            #expect(whole == DecodeRun(values: requests.map(\.expected)))
            #expect(DecoderRuns.requests(Splits.chunks(wire, sizes: cuts)) == whole)
        }
    }

    @Test func generatedFramesCutAnywhereDecodeToWhatWasEncoded() async {
        await checkProperty(Gen.zip(WireGenerators.frames, WireGenerators.cuts), configuration: Self.configuration) { frames, cuts in
            let whole = DecoderRuns.webSocket([frames.wire], role: frames.role)
            #expect(whole == DecodeRun(values: frames.expected))
            #expect(DecoderRuns.webSocket(Splits.chunks(frames.wire, sizes: cuts), role: frames.role) == whole)
        }
    }

    static let httpStatuses: Set<Int> = [400, 413, 414, 431, 501, 505]

    // Mutated requests: the run ends (no hang) in values or a defined error whose status is one
    // a server sends for malformed input; a small limits set makes the limit checks reachable.
    @Test(arguments: [HTTPLimits(), HTTPLimits(maxStartLineBytes: 40, maxHeaderBytes: 120, maxHeaderCount: 4, maxBodyBytes: 50,
                                              maxChunkLineBytes: 12)])
    func mutatedRequestsEndInValuesOrADefinedError(limits: HTTPLimits) async {
        let generator = Gen.zip(WireGenerators.pipeline, WireGenerators.mutations, WireGenerators.cuts)
        await checkProperty(generator, configuration: PropertyConfiguration(cases: 1_000)) { requests, mutations, cuts in
            let wire = WireGenerators.apply(mutations, to: requests.flatMap(\.wire))
            for chunks in [[wire], Splits.chunks(wire, sizes: cuts)] {
                let run = DecoderRuns.requests(chunks, limits: limits)
                #expect(!run.hung)
                if let error = run.error { #expect(Self.httpStatuses.contains(error.status.code), "\(error)") }
            }
        }
    }

    // Whatever the bytes, the request decoder's verdict (values and error) does not depend on
    // how they were cut, with the default limits and with small ones (limits judged before syntax).
    @Test(arguments: [HTTPLimits(), HTTPLimits(maxStartLineBytes: 40, maxHeaderBytes: 120, maxHeaderCount: 4, maxBodyBytes: 50,
                                              maxChunkLineBytes: 12)])
    func mutatedRequestsAreJudgedTheSameHoweverTheyAreCut(limits: HTTPLimits) async {
        let generator = Gen.zip(WireGenerators.pipeline, WireGenerators.mutations, WireGenerators.cuts)
        await checkProperty(generator, configuration: PropertyConfiguration(cases: 1_000)) { requests, mutations, cuts in
            let wire = WireGenerators.apply(mutations, to: requests.flatMap(\.wire))
            #expect(DecoderRuns.requests(Splits.chunks(wire, sizes: cuts), limits: limits) == DecoderRuns.requests([wire], limits: limits))
        }
    }

    /// Responses: the request generator's fields and bodies behind a status line (1xx, 101, 204
    /// and 304 among them, whose bodies the decoder must not read).
    static let response = Gen.zip(WireGenerators.request, Gen.element(of: [200, 204, 304, 101, 100, 404, 500]))
        .map { request, status -> [UInt8] in
            guard let lineEnd = request.wire.firstIndex(of: 0x0D) else { return request.wire }
            return Array("HTTP/1.1 \(status) Reason".utf8) + request.wire[lineEnd...]
        }

    @Test func mutatedResponsesEndInValuesOrADefinedError() async {
        let generator = Gen.zip(Gen.array(of: Self.response, count: 1...3), WireGenerators.mutations, WireGenerators.cuts, Gen.bool)
        await checkProperty(generator, configuration: PropertyConfiguration(cases: 1_000)) { responses, mutations, cuts, head in
            let wire = WireGenerators.apply(mutations, to: responses.flatMap { $0 })
            let methods = [HTTPMethod](repeating: head ? .head : .get, count: responses.count)
            for chunks in [[wire], Splits.chunks(wire, sizes: cuts)] {
                let run = DecoderRuns.responses(chunks, methods: methods)
                #expect(!run.hung)
                if let error = run.error { #expect(Self.httpStatuses.contains(error.status.code), "\(error)") }
            }
        }
    }

    @Test func mutatedResponsesAreJudgedTheSameHoweverTheyAreCut() async {
        let generator = Gen.zip(Gen.array(of: Self.response, count: 1...3), WireGenerators.mutations, WireGenerators.cuts)
        await checkProperty(generator, configuration: PropertyConfiguration(cases: 500)) { responses, mutations, cuts in
            let wire = WireGenerators.apply(mutations, to: responses.flatMap { $0 })
            #expect(DecoderRuns.responses(Splits.chunks(wire, sizes: cuts)) == DecoderRuns.responses([wire]))
        }
    }

    // Mutated frames: the run ends (no hang) in values or a defined error answered with 1002,
    // 1007 or 1009. Mutations hit the header bits (RSV, opcode, mask, lengths) and the payloads.
    @Test func mutatedFramesEndInValuesOrADefinedError() async {
        let generator = Gen.zip(WireGenerators.frames, WireGenerators.mutations, WireGenerators.cuts)
        await checkProperty(generator, configuration: PropertyConfiguration(cases: 1_000)) { frames, mutations, cuts in
            let wire = WireGenerators.apply(mutations, to: frames.wire)
            for chunks in [[wire], Splits.chunks(wire, sizes: cuts)] {
                let run = DecoderRuns.webSocket(chunks, role: frames.role, maxFrameSize: 70_000, maxMessageSize: 140_000)
                #expect(!run.hung)
                if let error = run.error { #expect([1002, 1007, 1009].contains(error.closeCode.rawValue), "\(error)") }
            }
        }
    }

    // Whatever the bytes, the frame decoder's verdict does not depend on how they were cut:
    // every rule is judged on the header alone, in the same order.
    @Test func mutatedFramesAreJudgedTheSameHoweverTheyAreCut() async {
        let generator = Gen.zip(WireGenerators.frames, WireGenerators.mutations, WireGenerators.cuts)
        await checkProperty(generator, configuration: PropertyConfiguration(cases: 500)) { frames, mutations, cuts in
            let wire = WireGenerators.apply(mutations, to: frames.wire)
            let whole = DecoderRuns.webSocket([wire], role: frames.role, maxFrameSize: 70_000, maxMessageSize: 140_000)
            let split = DecoderRuns.webSocket(Splits.chunks(wire, sizes: cuts), role: frames.role, maxFrameSize: 70_000,
                                              maxMessageSize: 140_000)
            #expect(split == whole)
        }
    }
}
