@testable import HTTPWire
import Testing

/// The HTTP decoders fed raw bytes with no socket, cut at every byte boundary (and, for short
/// messages, at every pair of boundaries): every cut decodes to exactly what the whole does.
@Suite struct HTTPSplitTests {
    static let contentLengthRequest =
        "POST /orders?table=4 HTTP/1.1\r\nHost: kitchen.local\r\nContent-Type: application/json\r\n"
        + "X-Trace:  \t spaced value\t \r\nContent-Length: 13\r\n\r\n{\"dish\":\"ok\"}"

    static let chunkedRequest =
        "PUT /menu HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "5;name=value\r\nhello\r\n0A\r\n, kitchen!\r\n1 ; ext\r\n.\r\n0\r\nExpires: never\r\n\r\n"

    static let pipelinedRequests =
        "GET /a HTTP/1.1\r\nHost: a\r\n\r\n"
        + "POST /b HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"
        + "\r\nDELETE /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nxy\r\n0\r\n\r\n"
        + "GET /d HTTP/1.0\r\n\r\n"

    static let responses =
        "HTTP/1.1 100 Continue\r\n\r\n"
        + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-A: 1\r\n\r\nhello"
        + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"
        + "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
        + "HTTP/1.1 204 No Content\r\n\r\n"
        + "HTTP/1.1 404 \r\nContent-Length: 0\r\n\r\n"
        + "HTTP/1.0 200 OK\r\n\r\nuntil the connection closes"
    static let responseMethods: [HTTPMethod] = [.get, .head, .post, .delete, .get, .get]

    static let requestCases: [(name: String, wire: String, count: Int)] = [
        ("Content-Length body", contentLengthRequest, 1),
        ("chunked body", chunkedRequest, 1),
        ("pipelined requests", pipelinedRequests, 4),
    ]

    @Test(arguments: requestCases.map(\.name))
    func requestCutAtEveryBoundaryDecodesLikeTheWholeRequest(name: String) throws {
        let testCase = try #require(Self.requestCases.first { $0.name == name })
        let bytes = testCase.wire.bytes
        let whole = DecoderRuns.requests([bytes])
        #expect(whole.error == nil && !whole.hung)
        #expect(whole.values.count == testCase.count)
        for chunks in Splits.everyBoundary(bytes) + Splits.everyPairOfBoundaries(bytes) + [Splits.bytewise(bytes)] {
            let split = DecoderRuns.requests(chunks)
            #expect(split == whole, "cut as \(chunks.map(\.count))")
            if split != whole { return }
        }
    }

    @Test func contentLengthRequestDecodesToItsFieldsAndBody() {
        let run = DecoderRuns.requests([Self.contentLengthRequest.bytes])
        let request = run.values.first
        #expect(request?.head.method == .post)
        #expect(request?.head.target == "/orders?table=4")
        #expect(request?.head.headers["X-Trace"] == "spaced value")
        #expect(request?.body == "{\"dish\":\"ok\"}".bytes)
    }

    @Test func chunkedRequestDecodesToTheJoinedChunksWithExtensionsAndTrailersDropped() {
        let run = DecoderRuns.requests([Self.chunkedRequest.bytes])
        #expect(run.values.map(\.body) == ["hello, kitchen!.".bytes])
        #expect(run.error == nil)
    }

    @Test func pipelinedRequestsComeOutInOrder() {
        let run = DecoderRuns.requests([Self.pipelinedRequests.bytes])
        #expect(run.values.map(\.head.target) == ["/a", "/b", "/c", "/d"])
        #expect(run.values.map(\.body) == [[], "abc".bytes, "xy".bytes, []])
    }

    // Cut at every boundary; every pair of boundaries over the first 150 bytes (quadratic).
    @Test func responsesCutAtEveryBoundaryDecodeLikeTheWholeStream() {
        let bytes = Self.responses.bytes
        let whole = DecoderRuns.responses([bytes], methods: Self.responseMethods)
        #expect(whole.error == nil && !whole.hung)
        #expect(whole.values.map(\.status) == [200, 200, 201, 204, 404, 200])
        #expect(whole.values.map(\.body) == ["hello".bytes, [], "abc".bytes, [], [], "until the connection closes".bytes])
        let head = Array(bytes.prefix(150)), tail = Array(bytes.dropFirst(150))
        let pairs = Splits.everyPairOfBoundaries(head).map { $0 + [tail] }
        for chunks in Splits.everyBoundary(bytes) + pairs + [Splits.bytewise(bytes)] {
            let split = DecoderRuns.responses(chunks, methods: Self.responseMethods)
            #expect(split == whole, "cut as \(chunks.map(\.count))")
            if split != whole { return }
        }
    }

    // A response cut off mid-body fails as truncated wherever the cut falls.
    @Test func responseEndingMidBodyIsTruncatedAtEveryCut() {
        let bytes = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhel".bytes
        for chunks in Splits.everyBoundary(bytes) {
            #expect(DecoderRuns.responses(chunks).error == .truncated, "cut as \(chunks.map(\.count))")
        }
    }
}
