@testable import HTTPWire
import Testing

/// Broken chunked bodies (RFC 9112 §7.1) written as raw bytes, each refused with the one case
/// for the rule it breaks and the status that rule maps to, however the bytes are cut.
@Suite struct ChunkedErrorCaseTests {
    static func request(_ body: String) -> [UInt8] {
        "POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\(body)".bytes
    }

    static let limits = HTTPLimits(maxChunkLineBytes: 32)

    static let cases: [(body: String, error: HTTPParseError)] = [
        ("+1f\r\n", .chunkSizeNotHex),
        ("0x1f\r\n", .chunkSizeNotHex),
        ("-1\r\n", .chunkSizeNotHex),
        (" 1f\r\n", .chunkSizeNotHex),
        ("\r\n", .chunkSizeNotHex),
        ("1g\r\n", .chunkSizeNotHex),
        ("1f\t\r\n", .chunkSizeNotHex),
        ("0000000000000001f\r\n", .chunkSizeTooLong),
        ("10000000000000000\r\n", .chunkSizeTooLong),
        ("5;ext=\u{01}\r\nhello\r\n0\r\n\r\n", .malformedChunkExtension),
        ("5\nhello\r\n0\r\n\r\n", .chunkLineWithoutCRLF),
        ("5;" + String(repeating: "e", count: 40) + "\r\n", .chunkLineTooLong(limit: 32)),
        ("5;" + String(repeating: "e", count: 40), .chunkLineTooLong(limit: 32)),
        ("5\r\nhelloXY0\r\n\r\n", .missingCRLFAfterChunkData),
        ("5\r\nhello\n\n0\r\n\r\n", .missingCRLFAfterChunkData),
        ("0\r\nExpires: never\n\r\n", .trailerLineWithoutCRLF),
        ("0\r\nno colon here\r\n\r\n", .malformedTrailerField),
        ("0\r\n: empty name\r\n\r\n", .malformedTrailerField),
        ("0\r\nName: bad\u{7F}value\r\n\r\n", .malformedTrailerField),
    ]

    @Test(arguments: cases)
    func brokenChunkedBodyIsRefusedWithTheCaseForItsRule(body: String, error: HTTPParseError) {
        let wire = Self.request(body)
        for chunks in [[wire]] + Splits.everyBoundary(wire) + [Splits.bytewise(wire)] {
            let run = DecoderRuns.requests(chunks, limits: Self.limits)
            #expect(run.error == error, "cut as \(chunks.map(\.count))")
            #expect(run.error?.status == .badRequest)
        }
    }

    @Test(arguments: [
        (HTTPParseError.chunkLineTooLong(limit: 32), "chunk-size line longer than 32 bytes"),
        (.chunkLineWithoutCRLF, "chunk-size line not ended by CRLF"),
        (.chunkSizeNotHex, "chunk size is not hexadecimal"),
        (.chunkSizeTooLong, "chunk size of more than 15 hex digits"),
        (.malformedChunkExtension, "malformed chunk extension"),
        (.missingCRLFAfterChunkData, "chunk data not followed by CRLF"),
        (.trailerLineWithoutCRLF, "trailer line not ended by CRLF"),
        (.malformedTrailerField, "malformed trailer field"),
    ])
    func chunkedErrorDescriptionNamesTheRule(error: HTTPParseError, text: String) {
        #expect(error.description == text)
    }

    // The same rules apply to a response body, read by the client.
    @Test func brokenChunkedResponseIsRefusedWithTheSameCase() {
        let wire = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n0\r\n\r\n".bytes
        for chunks in Splits.everyBoundary(wire) {
            #expect(DecoderRuns.responses(chunks).error == .chunkSizeNotHex, "cut as \(chunks.map(\.count))")
        }
    }
}
