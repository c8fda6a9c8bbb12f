@testable import HTTPWire
import Testing

/// Broken request and status lines and field lines (RFC 9112 §2–§5) written as raw bytes, each
/// refused with the one case for the rule it breaks, however the bytes are cut.
@Suite struct HeadErrorCaseTests {
    static let requestCases: [(wire: String, error: HTTPParseError)] = [
        ("GET / HTTP/1.1\nHost: a\r\n\r\n", .startLineWithoutCRLF("GET / HTTP/1.1")),
        ("GET /\r\nHost: a\r\n\r\n", .malformedRequestLine("GET /")),
        ("GET  HTTP/1.1\r\nHost: a\r\n\r\n", .malformedRequestLine("GET  HTTP/1.1")),
        (" / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidMethod("")),
        ("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidMethod("G(T")),
        ("GET /a\u{7F}b HTTP/1.1\r\nHost: a\r\n\r\n", .invalidRequestTarget("/a\u{7F}b")),
        ("GET / HTTP/1.10\r\nHost: a\r\n\r\n", .malformedVersion("HTTP/1.10")),
        ("GET / http/1.1\r\nHost: a\r\n\r\n", .malformedVersion("http/1.1")),
        ("GET / HTTP/1.x\r\nHost: a\r\n\r\n", .malformedVersion("HTTP/1.x")),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", .unsupportedVersion("HTTP/2.0")),
        ("GET / HTTP/1.1\r\nHost: a\nX: y\r\n\r\n", .fieldLineWithoutCRLF("Host: a")),
        ("GET / HTTP/1.1\r\nHost: a\r\nno colon\r\n\r\n", .fieldLineWithoutName("no colon")),
        ("GET / HTTP/1.1\r\nHost: a\r\n: value\r\n\r\n", .fieldLineWithoutName(": value")),
        ("GET / HTTP/1.1\r\nHost: a\r\nX(y): z\r\n\r\n", .invalidFieldName("X(y)")),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{0}b\r\n\r\n", .invalidFieldValue("X: a\u{0}b")),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n", .invalidFieldValue("X: a\rb")),
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", .whitespaceBeforeColon("Host ")),
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", .obsoleteLineFolding),
        ("GET / HTTP/1.1\r\n\r\n", .missingHost),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .multipleHost),
    ]

    @Test(arguments: requestCases)
    func brokenRequestHeadIsRefusedWithTheCaseForItsRule(wire: String, error: HTTPParseError) {
        for chunks in [[wire.bytes]] + Splits.everyBoundary(wire.bytes) + [Splits.bytewise(wire.bytes)] {
            #expect(DecoderRuns.requests(chunks).error == error, "cut as \(chunks.map(\.count))")
        }
    }

    @Test(arguments: [
        ("HTTP/1.1 20 OK\r\n\r\n", HTTPParseError.malformedStatusLine("HTTP/1.1 20 OK")),
        ("HTTP/1.1 2x0 OK\r\n\r\n", .malformedStatusLine("HTTP/1.1 2x0 OK")),
        ("HTTP/1.1 200OK\r\n\r\n", .malformedStatusLine("HTTP/1.1 200OK")),
        ("HTTP/1.1_200 OK\r\n\r\n", .malformedStatusLine("HTTP/1.1_200 OK")),
        ("HTTP/x.1 200 OK\r\n\r\n", .malformedVersion("HTTP/x.1")),
    ])
    func brokenStatusLineIsRefusedWithTheCaseForItsRule(wire: String, error: HTTPParseError) {
        for chunks in [[wire.bytes]] + Splits.everyBoundary(wire.bytes) {
            #expect(DecoderRuns.responses(chunks).error == error, "cut as \(chunks.map(\.count))")
        }
    }
}
