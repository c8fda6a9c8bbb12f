import KitchenRecording
import KitchenReplay
import Testing

/// Without a named base path, replay infers the one a recording was made under from the recorded
/// paths, the first time a request's path is not recorded as it stands, and keeps it.
@Suite struct BasePathInferenceTests {
    /// A recording of a server under `/api/v1`, with one path (`/health`) at its root.
    static let underAPIv1 = RecordedExchanges.document([
        RecordedExchanges.exchange("POST", "/api/v1/auth/login", requestJSON: #"{"username":"ada"}"#, body: #"{"token":"<token-1>"}"#),
        RecordedExchanges.exchange("GET", "/api/v1/devices", body: "[]"),
        RecordedExchanges.exchange("GET", "/health", body: #"{"ok":true}"#),
    ])

    static func get(_ path: String, from engine: ReplayEngine) -> ReplayEngine.Decision {
        engine.answer(ReplayRequest(method: "GET", path: path, query: [], body: [], volatile: engine.volatile))
    }

    /// The index of the entry answering `GET path`, or `nil` when it is unmatched.
    static func answering(_ path: String, from engine: ReplayEngine) -> Int? {
        guard case .answer(let entry) = get(path, from: engine) else { return nil }
        return entry.index
    }

    @Test func aClientAtTheRootIsAnsweredFromARecordingUnderAPrefixAndKeepsIt() {
        let engine = ReplayEngine(document: Self.underAPIv1, volatile: VolatileFields([]))
        #expect(engine.basePath == "")
        #expect(Self.answering("/devices", from: engine) == 1)
        #expect(engine.basePath == "/api/v1")
        #expect(engine.namedBasePath == nil)
        let login = ReplayRequest(method: "POST", path: "/auth/login", query: [], body: Array(#"{"username":"ada"}"#.utf8),
                                  volatile: engine.volatile)
        guard case .answer(let entry) = engine.answer(login) else { Issue.record("POST /auth/login unanswered"); return }
        #expect(entry.index == 0)
        // A path recorded at the root is still answered as it stands.
        #expect(Self.answering("/health", from: engine) == 2)
        #expect(engine.mismatches.isEmpty)
    }

    @Test func aClientThatUsesThePrefixIsAnsweredAsItStandsAndInfersNothing() {
        let engine = ReplayEngine(document: Self.underAPIv1, volatile: VolatileFields([]))
        #expect(Self.answering("/api/v1/devices", from: engine) == 1)
        #expect(engine.basePath == "")
    }

    @Test func aPathNoRecordedPathEndsWithIsUnmatchedAsItStands() {
        let engine = ReplayEngine(document: Self.underAPIv1, volatile: VolatileFields([]))
        guard case .unmatched(let mismatch) = Self.get("/recipes", from: engine) else { Issue.record("GET /recipes answered"); return }
        #expect(mismatch.request.path == "/recipes")
        #expect(mismatch.nearest != nil)
        #expect(engine.basePath == "")
        // The suffix must start at a segment: `/vices` is not the end of `/devices`.
        #expect(Self.answering("/vices", from: engine) == nil)
        #expect(engine.basePath == "")
        // Nothing was adopted, so a later request still infers one.
        #expect(Self.answering("/devices", from: engine) == 1)
        #expect(engine.basePath == "/api/v1")
    }

    @Test func aNamedBasePathTakesPrecedenceAndAnEmptyOneTakesPathsAsTheyAre() {
        let asTheyAre = ReplayEngine(document: Self.underAPIv1, volatile: VolatileFields([]), basePath: "")
        #expect(Self.answering("/devices", from: asTheyAre) == nil)
        #expect(asTheyAre.basePath == "")
        let named = ReplayMatching(volatile: VolatileFields([])) { _ in "/api/v1" }.engine(Self.underAPIv1)
        #expect(named.namedBasePath == "/api/v1")
        #expect(Self.answering("/devices", from: named) == 1)
        #expect(ReplayMatching(volatile: VolatileFields([])).engine(Self.underAPIv1).namedBasePath == nil)
    }

    @Test func disagreeingCandidatesGoToThePrefixMostEntriesAreUnderThenTheShorterThenCodePointOrder() {
        let cases: [(paths: [String], expected: String)] = [
            (["/admin/status", "/api/v1/status", "/api/v1/devices"], "/api/v1"),
            (["/a/b/status", "/c/status"], "/c"),
            (["/v2/status", "/v1/status"], "/v1"),
        ]
        for (paths, expected) in cases {
            let document = RecordedExchanges.document(paths.map { RecordedExchanges.exchange("GET", $0) })
            let engine = ReplayEngine(document: document, volatile: VolatileFields([]))
            #expect(Self.answering("/status", from: engine) == paths.firstIndex(of: expected + "/status"), "\(paths)")
            #expect(engine.basePath == expected, "\(paths)")
        }
    }

    @Test func theAdoptedBasePathStaysForTheSession() {
        let document = RecordedExchanges.document([
            RecordedExchanges.exchange("GET", "/api/v1/devices"),
            RecordedExchanges.exchange("GET", "/admin/users"),
        ])
        let engine = ReplayEngine(document: document, volatile: VolatileFields([]))
        #expect(Self.answering("/devices", from: engine) == 0)
        guard case .unmatched(let mismatch) = Self.get("/users", from: engine) else { Issue.record("GET /users answered"); return }
        #expect(mismatch.request.path == "/api/v1/users")
        #expect(engine.basePath == "/api/v1")
    }
}
