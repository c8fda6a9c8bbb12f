@testable import HTTPWire
import Testing

/// Lines of exactly the limit's length, cut at every boundary (including between their CR and
/// LF): accepted however they arrive, and one byte more refused however it arrives.
@Suite struct LimitEdgeSplitTests {
    static let limits = HTTPLimits(maxStartLineBytes: 24, maxHeaderBytes: 40, maxChunkLineBytes: 12)

    static func chunked(sizeLine: String, trailers: String = "") -> [UInt8] {
        "POST /u HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\(sizeLine)\r\nhello\r\n0\r\n\(trailers)\r\n".bytes
    }

    // Regression: a chunk-size line of exactly maxChunkLineBytes was refused when a read ended
    // between its CR and LF (the no-LF check forgot the CR), and accepted otherwise.
    @Test func chunkSizeLineOfExactlyTheLimitIsAcceptedWhereverItIsCut() {
        let wire = Self.chunked(sizeLine: "5;abcdefghij")
        for chunks in Splits.everyBoundary(wire) + [Splits.bytewise(wire)] {
            let run = DecoderRuns.requests(chunks, limits: Self.limits)
            #expect(run.error == nil && run.values.map(\.body) == ["hello".bytes], "cut as \(chunks.map(\.count))")
        }
    }

    @Test func chunkSizeLineOneOverTheLimitIsRefusedWhereverItIsCut() {
        let wire = Self.chunked(sizeLine: "5;abcdefghijk")
        for chunks in [[wire]] + Splits.everyBoundary(wire) + [Splits.bytewise(wire)] {
            #expect(DecoderRuns.requests(chunks, limits: Self.limits).error == .chunkLineTooLong(limit: 12),
                    "cut as \(chunks.map(\.count))")
        }
    }

    // Regression: a trailer section of exactly maxHeaderBytes was refused when a read ended
    // between the CR and LF of the final empty line.
    @Test func trailerSectionOfExactlyTheLimitIsAcceptedWhereverItIsCut() {
        let trailers = "X-Checksum: 0123456789abcdefghijklmnop\r\n"  // 38 bytes + CRLF: 40
        #expect(trailers.utf8.count == 40)
        let wire = Self.chunked(sizeLine: "5", trailers: trailers)
        for chunks in Splits.everyBoundary(wire) + [Splits.bytewise(wire)] {
            let run = DecoderRuns.requests(chunks, limits: Self.limits)
            #expect(run.error == nil && run.values.count == 1, "cut as \(chunks.map(\.count))")
        }
        let over = Self.chunked(sizeLine: "5", trailers: "X-Checksum: 0123456789abcdefghijklmnopq\r\n")
        for chunks in [[over]] + Splits.everyBoundary(over) {
            #expect(DecoderRuns.requests(chunks, limits: Self.limits).error == .headerSectionTooLarge(limit: 40),
                    "cut as \(chunks.map(\.count))")
        }
    }

    @Test func startLineOfExactlyTheLimitIsAcceptedWhereverItIsCut() {
        let wire = "GET /0123456789 HTTP/1.1\r\nHost: a\r\n\r\n".bytes  // request line: 24 bytes
        for chunks in Splits.everyBoundary(wire) + [Splits.bytewise(wire)] {
            let run = DecoderRuns.requests(chunks, limits: Self.limits)
            #expect(run.error == nil && run.values.count == 1, "cut as \(chunks.map(\.count))")
        }
    }

    // A line over a limit that is also malformed (a bare LF) is judged by the limit, as it is
    // when the LF has not arrived yet.
    @Test(arguments: [
        ("GET /0123456789abcdefghijk HTTP/1.1\nHost: a\r\n\r\n", HTTPParseError.startLineTooLong(limit: 24)),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-Long: 0123456789012345678901234567\nX: y\r\n\r\n",
         .headerSectionTooLarge(limit: 40)),
    ])
    func lineOverALimitWithABareLFIsJudgedByTheLimitWhereverItIsCut(wire: String, error: HTTPParseError) {
        for chunks in [[wire.bytes]] + Splits.everyBoundary(wire.bytes) {
            #expect(DecoderRuns.requests(chunks, limits: Self.limits).error == error, "cut as \(chunks.map(\.count))")
        }
    }
}
