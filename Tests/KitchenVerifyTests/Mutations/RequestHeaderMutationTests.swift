import KitchenRecording
import KitchenVerify
import Testing

/// The scenario replay compares the client's `Authorization` and `Content-Type` with the
/// recorded request that answered: a recording whose header differs from what the real
/// client sends must fail check 3 at that entry and header. (Replay matching alone looks at
/// method, path, query and body, so these requests are still answered.)
@Suite("Mutations: recorded request headers the client does not send fail the scenario replay")
struct RequestHeaderMutationTests {
    /// `oven-controls.har` with `edit` applied to entry `index`'s request headers.
    static func replayFindings(entry index: Int, _ edit: @escaping (inout [HAR.Header]) -> Void) async throws -> [Finding] {
        var document = try #require(Fixtures.recording("oven-controls.har")).document
        edit(&document.log.entries[index].request.headers)
        return await ScenarioReplayCheck().findings(for: LoadedRecording(document: document, name: "oven-controls.har"))
    }

    @Test("a recorded Authorization the client does not send fails, naming entry, header, recorded and sent values")
    func missingAuthorization() async throws {
        // Entry 1 is GET /devices with `Bearer <token-1>`: as if the client had been recorded without its token.
        let findings = try await Self.replayFindings(entry: 1) { headers in headers.removeAll { $0.name == "Authorization" } }
        #expect(findings.map(\.location) == ["(entry #1) Authorization"])
        #expect(findings.first?.expected == "Authorization absent, as recorded")
        #expect(findings.first?.actual == #""Bearer <token-1>" on GET /devices"#)
    }

    @Test("another Content-Type than the client sends fails; the same media type in other letter case does not")
    func contentType() async throws {
        // Entry 3 is POST …/oven/power with a JSON body.
        let other = try await Self.replayFindings(entry: 3) { headers in
            for index in headers.indices where headers[index].name == "Content-Type" { headers[index].value = "text/plain" }
        }
        #expect(other.map(\.location) == ["(entry #3) Content-Type"])
        #expect(other.first?.expected == #"Content-Type "text/plain", as recorded"#)
        #expect(other.first?.actual.hasPrefix(#""application/json" on POST /devices/"#) == true)
        let sameMeaning = try await Self.replayFindings(entry: 3) { headers in
            for index in headers.indices where headers[index].name == "Content-Type" { headers[index].value = "Application/JSON" }
        }
        #expect(sameMeaning == [])
    }

    @Test("a recorded upgrade with another bearer token than the client's fails at the WebSocket entry")
    func upgradeToken() async throws {
        // Entry 2 is the GET /ws upgrade.
        let findings = try await Self.replayFindings(entry: 2) { headers in
            for index in headers.indices where headers[index].name == "Authorization" { headers[index].value = "Bearer <token-9>" }
        }
        #expect(findings.map(\.location) == ["(entry #2) Authorization"])
        #expect(findings.first?.actual == #""Bearer <token-1>" on GET /ws"#)
    }
}
