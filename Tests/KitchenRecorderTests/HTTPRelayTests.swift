import Foundation
import HTTPWire
import KitchenRecording
import Testing

/// Bodies relay byte-exact in both directions and the HAR holds what crossed the wire.
@Suite struct HTTPRelayTests {
    @Test func binaryResponseWithContentLengthRelaysByteExactAndIsRecordedAsBase64() throws {
        let payload = sampleBytes(200_000)
        let harness = try RecorderHarness(upstream: Respond { _ in
            .response(HTTPResponse(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: payload))
        })
        let response = try harness.client().send(HTTPRequest(method: .get, target: "/blob?x=1"))
        #expect(response.bodyBytes == payload)
        #expect(response.headers["Content-Length"] == "200000")
        let entry = try #require(try harness.finish().log.entries.first)
        #expect(entry.request.url == "http://127.0.0.1:\(harness.upstream.address!.port)/blob?x=1")
        #expect(entry.response.content.encoding == "base64")
        #expect(try entry.response.bodyBytes == payload)
    }

    @Test func everyExchangeIsInTheJournalOnceItsAnswerReachedTheClient() throws {
        let harness = try RecorderHarness(upstream: Respond { request in .response(.text(.ok, request.target)) })
        let client = try harness.client()
        for index in 0..<20 { _ = try client.send(HTTPRequest(method: .get, target: "/r/\(index)")) }
        // Read while the proxy is still running: nothing is finalized yet, the journal alone holds them.
        let (document, _) = try Journal.recover(from: URL(fileURLWithPath: harness.output.path + ".journal"))
        #expect(document.log.entries.map(\.request.urlPath) == (0..<20).map { "/r/\($0)" })
        _ = try harness.finish()
    }

    @Test func chunkedStreamingResponseRelaysEveryPieceInOrder() throws {
        let pieces = (0..<20).map { Array("piece \($0);".utf8) }
        let harness = try RecorderHarness(upstream: Respond { _ in
            .response(HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], pushing: HTTPBodyPusher { writer in
                for piece in pieces { writer.write(piece) }
                writer.end()
            }))
        })
        let response = try harness.client().send(HTTPRequest(method: .get, target: "/stream"))
        #expect(response.bodyBytes == pieces.flatMap { $0 })
        #expect(response.headers["Transfer-Encoding"] == "chunked")  // re-chunked for our HTTP/1.1 client
        let entry = try #require(try harness.finish().log.entries.first)
        #expect(entry.response.content.text == pieces.map { String(decoding: $0, as: UTF8.self) }.joined())
    }

    @Test func chunkedUploadReachesTheUpstreamWholeAndIsRecorded() throws {
        let received = Seen<[UInt8]>()
        let harness = try RecorderHarness(upstream: Respond { request in
            received.add(request.body)
            return .response(.text(.ok, "got \(request.body.count)"))
        })
        let body = Array(String(repeating: "{\"k\": 1}", count: 5000).utf8)
        let response = try harness.client().send(HTTPRequest(
            method: .post, target: "/upload", headers: ["Transfer-Encoding": "chunked", "Content-Type": "application/json"],
            body: body))
        #expect(response.status.code == 200)
        #expect(received.all == [body])
        let entry = try #require(try harness.finish().log.entries.first)
        #expect(entry.request.postData?.text == String(decoding: body, as: UTF8.self))
    }

    @Test func keepAliveConnectionCarriesManyExchangesAndHeadHasNoBody() throws {
        let harness = try RecorderHarness(upstream: Respond { request in
            .response(.text(.ok, "answer to \(request.target)"))
        })
        let client = try harness.client()
        for index in 0..<5 {
            #expect(try client.send(HTTPRequest(method: .get, target: "/n/\(index)")).bodyBytes == Array("answer to /n/\(index)".utf8))
        }
        let head = try client.send(HTTPRequest(method: .head, target: "/n/head"))
        #expect(head.bodyBytes == [] && head.headers["Content-Length"] == String("answer to /n/head".utf8.count))
        #expect(try harness.finish().log.entries.count == 6)
    }

    // A response held whole and one streamed through (chunked, LoopResponseStream) alike.
    @Test(arguments: [false, true]) func hopByHopHeadersAreStrippedBothWays(streamedResponse: Bool) throws {
        let seen = Seen<HTTPHeaders>()
        let harness = try RecorderHarness(upstream: Respond { request in
            seen.add(request.headers)
            let headers: HTTPHeaders = [
                "Connection": "X-Upstream-Hop", "X-Upstream-Hop": "1", "Keep-Alive": "timeout=5",
                "X-Upstream-End": "2", "Content-Type": "text/plain",
            ]
            guard streamedResponse else { return .response(HTTPResponse(status: .ok, headers: headers, body: Array("ok".utf8))) }
            return .response(HTTPResponse(status: .ok, headers: headers, pushing: HTTPBodyPusher { writer in
                writer.write(Array("ok".utf8))
                writer.end()
            }))
        })
        let response = try harness.client().send(HTTPRequest(method: .get, target: "/", headers: [
            "Connection": "keep-alive, X-Client-Hop", "X-Client-Hop": "1", "Keep-Alive": "timeout=9", "TE": "trailers",
            "Proxy-Authorization": "Basic eA==", "Upgrade": "h2c", "X-Client-End": "2",
        ]))
        let upstreamSaw = try #require(seen.all.first)
        for name in ["X-Client-Hop", "Keep-Alive", "TE", "Proxy-Authorization", "Upgrade"] {
            #expect(!upstreamSaw.contains(name), "upstream received hop-by-hop \(name)")
        }
        #expect(upstreamSaw["X-Client-End"] == "2")
        #expect(upstreamSaw["Via"] == "1.1 kitchen-recorder")
        #expect(upstreamSaw["Host"] == "127.0.0.1:\(harness.upstream.address!.port)")
        for name in ["X-Upstream-Hop", "Keep-Alive"] { #expect(!response.headers.contains(name), "client received \(name)") }
        #expect(response.headers["X-Upstream-End"] == "2")
        #expect(response.headers["Via"] == "1.1 kitchen-recorder")
        #expect(response.bodyBytes == Array("ok".utf8))
    }
}
