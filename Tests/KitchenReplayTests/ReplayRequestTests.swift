import KitchenRecording
import KitchenReplay
import Testing

/// A request's path is compared decoded (RFC 3986 §2.1), so `%6C` and `l` are the same request.
@Suite struct ReplayRequestTests {
    func path(_ path: String) -> String {
        ReplayRequest(method: "get", path: path, query: [], body: [], volatile: VolatileFields([])).path
    }

    @Test func escapedSegmentsAreDecodedAndPlainPathsKeptAsTheyAre() {
        #expect(path("/devices/oven%2D1/oven") == "/devices/oven-1/oven")
        #expect(path("/auth/%6Cogin") == "/auth/login")
        #expect(path("/devices/oven-1/oven") == "/devices/oven-1/oven")
        #expect(path("/") == "/")
        #expect(path("") == "")
        // A malformed escape stays as written.
        #expect(path("/a/%zz/b") == "/a/%zz/b")
        #expect(path("/caf%C3%A9") == "/café")
    }

    @Test func anEscapedRequestMatchesTheSameRequestRecordedPlain() {
        let recorded = ReplayRequest(method: "GET", path: "/auth/login", query: [], body: [], volatile: VolatileFields([]))
        let sent = ReplayRequest(method: "get", path: "/auth/%6Cogin", query: [], body: [], volatile: VolatileFields([]))
        #expect(sent == recorded)
    }
}
