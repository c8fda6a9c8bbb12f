import HarnessCore
import Testing
@testable import KitchenContracts

/// A HEAD is checked against the path's GET operation (RFC 9110 §9.3.2): its status and its
/// head, with no body.
@Suite("HEAD exchanges")
struct HeadExchangeTests {
    let validator: ExchangeValidator

    init() throws {
        validator = ExchangeValidator(contract: try OpenAPIContract(document: MiniContracts.openAPI))
    }

    @Test("a HEAD is matched to the GET operation and passes with a declared status and no body")
    func headOfAGetPasses() {
        let verdict = validator.validate(RecordedExchange(method: "HEAD", target: "/devices/d1/oven", status: 200,
                                                          responseContentType: "application/json; charset=utf-8"))
        #expect(verdict.operation?.operationId == "getOvenState")
        #expect(verdict.pathParameters == ["deviceId": "d1"])
        #expect(verdict.violations.map(\.description) == [])
    }

    @Test("a HEAD answered with a body is a violation at /response/body")
    func headWithABody() {
        let violations = validator.validate(RecordedExchange(method: "HEAD", target: "/devices", status: 200,
                                                             responseBody: [], responseContentType: "application/json")).violations
        #expect(violations.map(\.description) == ["/response/body: expected no body (a HEAD answer), found array of 0 items"])
    }

    @Test("a HEAD's status must be one the GET declares")
    func headWithAnUndeclaredStatus() {
        let violations = validator.validate(RecordedExchange(method: "HEAD", target: "/devices/d1/oven", status: 418)).violations
        #expect(violations.map(\.pointer.description) == ["/response/status"])
    }

    @Test("a HEAD whose Content-Type is not the GET body's media type is a violation")
    func headWithAnotherContentType() {
        let violations = validator.validate(RecordedExchange(method: "HEAD", target: "/devices", status: 200,
                                                             responseContentType: "text/html")).violations
        #expect(violations.map(\.pointer.description) == ["/response/headers/content-type"])
        #expect(violations.first?.found == "text/html")
    }

    @Test("a HEAD to a path without GET is still a method the path does not declare")
    func headWithoutAGet() {
        let violations = validator.validate(RecordedExchange(method: "HEAD", target: "/devices/d1/oven/power", status: 200)).violations
        #expect(violations.map(\.pointer.description) == ["/request/method"])
    }
}
