import Foundation
import KitchenTestSupport
import HTTPWire
import Testing

/// Pipelining checked by a peer no one here wrote. Modern curl no longer pipelines, so the peer
/// is a Python script that writes three requests in one send and parses the answers with `h11`
/// (an HTTP/1.1 reference parser). SKIPPED unless KITCHEN_PYTHON can import h11.
@Suite(.enabled(if: PythonPeer.h11Version != nil,
                "SKIPPED: KITCHEN_PYTHON is unset or cannot import h11 (pip install h11 into it); the h11 pipelining interop test did not run"),
       .timeLimit(.minutes(2)))
struct PipeliningInteropTests {
    // RFC 9112 §9.3.2: responses to pipelined requests come back in order, each well framed.
    @Test func h11ParsesOurAnswersToThreePipelinedRequestsInOrder() async throws {
        let interpreter = try #require(PythonPeer.interpreter)
        print("Python h11 \(PythonPeer.h11Version ?? "?") at \(interpreter)")
        let server = try TestServer()
        defer { server.stop() }
        let outcome = try await ExternalProcess.run(interpreter, [PythonPeer.script("h11_pipeline.py"), "\(server.port)"])
        let summary = try PythonPeer.summary(outcome.lastLine)
        #expect(outcome.status == 0 && summary["errors"] as? [String] == [], "\(outcome)")
        let responses = summary["responses"] as? [[String: Any]] ?? []
        try #require(responses.count == 3, "\(outcome)")
        let bodies = responses.map { $0["body"] as? String ?? "" }
        #expect(responses.allSatisfy { $0["status"] as? Int == 200 })
        #expect(bodies[0].hasPrefix("GET /pipeline/0 request=0 "))
        #expect(bodies[1].hasPrefix("POST /pipeline/1 request=1 ") && bodies[1].hasSuffix("body=hello"))
        #expect(bodies[2].hasPrefix("GET /pipeline/2 request=2 "))
    }
}
