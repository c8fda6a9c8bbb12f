import HarnessCore
import Testing
@testable import KitchenContracts

@Suite("Operation matching")
struct OperationMatcherTests {
    let matcher: OperationMatcher

    init() throws {
        matcher = OperationMatcher(contract: try OpenAPIContract(document: MiniContracts.openAPI))
    }

    private func matched(_ method: String, _ target: String) -> (String, [String: String])? {
        guard case .operation(let operation, let parameters)? = matcher.match(method: method, target: target) else { return nil }
        return (operation.operationId, parameters)
    }

    @Test("a templated path matches and its parameter is percent-decoded, query ignored")
    func templateAndDecoding() throws {
        let (id, parameters) = try #require(matched("GET", "/devices/abc%20d/oven?compartment=upper"))
        #expect(id == "getOvenState")
        #expect(parameters == ["deviceId": "abc d"])
        // An encoded slash stays inside its segment.
        #expect(matched("get", "/devices/a%2Fb/oven")?.1 == ["deviceId": "a/b"])
    }

    @Test("a literal segment beats a template segment")
    func literalWins() {
        #expect(matched("GET", "/devices/special/oven")?.0 == "getSpecialOven")
        #expect(matched("GET", "/devices/specials/oven")?.0 == "getOvenState")
    }

    @Test("when the literal path lacks the method, a templated path that has it is used")
    func fallsBackToTemplateForMethod() {
        #expect(matched("POST", "/devices/special/oven/power")?.0 == "setOvenPower")
        #expect(matched("GET", "/devices/special/oven")?.1 == [:])
    }

    @Test("a path that matches without the method is answered with the allowed methods")
    func methodNotAllowed() throws {
        guard case .methodNotAllowed(let template, let allowed)? = matcher.match(method: "DELETE", target: "/devices/d1/oven/power") else {
            Issue.record("expected methodNotAllowed")
            return
        }
        #expect(template == "/devices/{deviceId}/oven/power")
        #expect(allowed == ["POST"])
        guard case .methodNotAllowed(let literal, let methods)? = matcher.match(method: "PUT", target: "/devices/special/oven") else {
            Issue.record("expected methodNotAllowed")
            return
        }
        #expect(literal == "/devices/special/oven")
        #expect(methods == ["GET"])
    }

    @Test("nothing matches an unknown path, a trailing slash, an empty segment or a malformed escape",
          arguments: ["/toasters", "/devices/", "/devices//oven", "/devices/a%zz/oven", "devices", "/devices/d1/oven/power/extra"])
    func noMatch(_ target: String) {
        #expect(matcher.match(method: "GET", target: target) == nil)
    }

    @Test("absolute URLs from recordings match by their path")
    func absoluteURL() {
        #expect(matched("GET", "http://127.0.0.1:8080/devices?x=1")?.0 == "listDevices")
        #expect(matched("GET", "https://kitchen.example/devices/d%C3%A9/oven#frag")?.1 == ["deviceId": "dé"])
    }

    @Test("request targets split query items with form decoding")
    func queryItems() throws {
        let target = try #require(RequestTarget("/devices?a=1&b=x+y&c=%26&flag&a=2"))
        #expect(target.pathSegments == ["devices"])
        #expect(target.query.map { "\($0.name)=\($0.value)" } == ["a=1", "b=x y", "c=&", "flag=", "a=2"])
    }

    @Test("a malformed escape in the query refuses the target; an absolute URL without a path asks for /")
    func queryEscapesAndEmptyPaths() throws {
        #expect(RequestTarget("/devices?a=%zz") == nil)
        #expect(RequestTarget("/devices?%G1=1") == nil)
        #expect(RequestTarget("?a=1") == nil)
        let bare = try #require(RequestTarget("http://127.0.0.1:8080?limit=5#top"))
        #expect(bare.path == "/" && bare.pathSegments == [""])
        #expect(bare.query == [RequestTarget.QueryItem(name: "limit", value: "5")])
        #expect(try #require(RequestTarget("https://kitchen.example")).path == "/")
        #expect(try #require(RequestTarget("/devices?")).query.isEmpty)
    }
}
