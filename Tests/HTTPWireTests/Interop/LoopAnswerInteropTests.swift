import Foundation
import KitchenTestSupport
import HTTPWire
import Testing

/// The answers an event loop writes itself (408 for a late head, the parse error's
/// answer for a malformed one), read by a parser no one here wrote: a Python client parsing
/// with `h11`, then reading on to see how the connection ends. SKIPPED unless KITCHEN_PYTHON
/// can import h11.
@Suite(.enabled(if: PythonPeer.h11Version != nil,
                "SKIPPED: KITCHEN_PYTHON is unset or cannot import h11 (pip install h11 into it); the h11 loop-answer interop test did not run"),
       .timeLimit(.minutes(2)))
struct LoopAnswerInteropTests {
    /// Runs the peer in `mode` against a server (every connection waits on an event loop).
    static func refusal(_ mode: String, responder: (any HTTPResponder)? = nil,
                        readDelaySeconds: Double = 0) async throws -> (summary: [String: Any], outcome: ExternalProcess.Outcome) {
        let interpreter = try #require(PythonPeer.interpreter)
        let configuration = HTTPServerConfiguration(port: 0, requestHeadTimeout: .milliseconds(300))
        let server = HTTPServer(configuration: configuration, responder: responder ?? RoutingResponder(routes: [:]))
        try server.start()
        defer { server.stop() }
        let port = try #require(server.address?.port)
        let outcome = try await ExternalProcess.run(
            interpreter, [PythonPeer.script("h11_refused.py"), "\(port)", mode, "\(readDelaySeconds)"])
        return (try PythonPeer.summary(outcome.lastLine), outcome)
    }

    @Test func h11ReadsTheLoopsRequestTimeoutAndThenAnOrderlyClose() async throws {
        let (summary, outcome) = try await Self.refusal("late")
        #expect(outcome.status == 0, "\(outcome)")
        #expect(summary["status"] as? Int == 408, "\(outcome)")
        #expect((summary["headers"] as? [String: String])?["connection"] == "close", "\(outcome)")
        #expect(summary["ending"] as? String == "eof", "\(outcome)")
    }

    @Test func h11ReadsTheLoopsAnswerToAMalformedHeadAndThenAnOrderlyClose() async throws {
        let (summary, outcome) = try await Self.refusal("malformed")
        #expect(outcome.status == 0, "\(outcome)")
        #expect(summary["status"] as? Int == 400, "\(outcome)")
        #expect((summary["headers"] as? [String: String])?["connection"] == "close", "\(outcome)")
        #expect(summary["ending"] as? String == "eof", "\(outcome)")
    }

    // A client slow to read gets the whole of an answer bigger than the sockets hold: h11 fails
    // on a body shorter than its Content-Length.
    @Test func h11ReadsAWhole16MiBAnswerFromTheLoopAfterReadingNothingForAWhile() async throws {
        let (summary, outcome) = try await Self.refusal("malformed", responder: LongErrorPages(), readDelaySeconds: 0.3)
        #expect(outcome.status == 0, "\(outcome.status) \(outcome.lastLine)")
        #expect(summary["status"] as? Int == 400)
        #expect(summary["body_bytes"] as? Int == LongErrorPages.pageBytes, "\(outcome.lastLine)")
        #expect(summary["ending"] as? String == "eof", "\(outcome.lastLine)")
    }
}
