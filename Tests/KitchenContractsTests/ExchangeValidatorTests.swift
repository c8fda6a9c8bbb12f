import HarnessCore
import Testing
@testable import KitchenContracts

@Suite("Exchange validation")
struct ExchangeValidatorTests {
    let validator: ExchangeValidator
    static let ovenState = json(#"""
    {"isOn": true, "targetTemperature": 350, "currentTemperature": 75, "mode": "bake", "lastUpdated": "2026-11-20T10:15:30.123Z"}
    """#)

    init() throws {
        validator = ExchangeValidator(contract: try OpenAPIContract(document: MiniContracts.openAPI))
    }

    private func descriptions(_ exchange: RecordedExchange) -> [String] {
        validator.validate(exchange).violations.map(\.description)
    }

    @Test("a conforming exchange has no violations and knows its operation")
    func conforming() {
        let verdict = validator.validate(RecordedExchange(
            method: "POST", target: "/devices/d1/oven/power", requestBody: ["isOn": true, "compartment": "upper"],
            status: 200, responseBody: Self.ovenState))
        #expect(verdict.isValid)
        #expect(verdict.operation?.operationId == "setOvenPower")
        #expect(verdict.pathParameters == ["deviceId": "d1"])
    }

    @Test("an undeclared status names the operation and the declared statuses")
    func undeclaredStatus() {
        let violations = validator.validate(RecordedExchange(
            method: "POST", target: "/devices/d1/oven/power", requestBody: ["isOn": true], status: 418)).violations
        #expect(violations.map(\.description) == [
            "/response/status: expected a status declared for setOvenPower (200, 400, 401, 404, 413), found 418",
        ])
        #expect(violations.first?.keyword == "responses")
    }

    @Test("a missing required request field is reported under /request/body")
    func missingRequestField() {
        let violations = validator.validate(RecordedExchange(
            method: "POST", target: "/devices/d1/oven/power", requestBody: ["compartment": "upper"],
            status: 200, responseBody: Self.ovenState)).violations
        #expect(violations.map(\.description) == ["/request/body/isOn: expected required member, found absent"])
        #expect(violations.first?.schemaPath == "#/components/schemas/OvenPowerRequest/required")
    }

    @Test("a 204 with a body is a violation at /response/body")
    func noContentWithBody() {
        #expect(descriptions(RecordedExchange(method: "POST", target: "/auth/logout", status: 204, responseBody: ["ok": true]))
                == ["/response/body: expected no body (status 204 declares no content), found object"])
        #expect(descriptions(RecordedExchange(method: "POST", target: "/auth/logout", status: 204)) == [])
    }

    @Test("bodies: a missing required body, a body where none is declared, a missing response body")
    func bodies() {
        #expect(descriptions(RecordedExchange(method: "POST", target: "/devices/d1/oven/power", status: 200, responseBody: Self.ovenState))
                == ["/request/body: expected a body (required by setOvenPower), found absent"])
        #expect(descriptions(RecordedExchange(method: "GET", target: "/devices", requestBody: [], status: 200, responseBody: []))
                == ["/request/body: expected no body (listDevices declares none), found array of 0 items"])
        #expect(descriptions(RecordedExchange(method: "GET", target: "/devices", status: 200))
                == ["/response/body: expected a application/json body, found absent"])
    }

    @Test("the response body is checked against the schema of its status, including shared error responses")
    func responseBodies() {
        var broken = Self.ovenState
        broken = editing(broken, at: "/targetTemperature", to: 900)
        #expect(descriptions(RecordedExchange(method: "GET", target: "/devices/d1/oven", status: 200, responseBody: broken))
                == ["/response/body/targetTemperature: expected integer ≤ 550, found 900"])
        #expect(descriptions(RecordedExchange(method: "GET", target: "/devices/d1/oven", status: 404,
                                              responseBody: ["error": "not_found"]))
                == ["/response/body/message: expected required member, found absent"])
    }

    @Test("query parameters are coerced to their schema's type and checked; unknown ones are violations")
    func queryParameters() {
        let ok = [JSONValue.string("2026-11-20T10:15:30.123Z")]
        #expect(descriptions(RecordedExchange(method: "GET", target: "/devices/d1/history?limit=5&verbose=true", status: 200, responseBody: .array(ok))) == [])
        #expect(descriptions(RecordedExchange(method: "GET", target: "/devices/d1/history?limit=500&verbose=yes", status: 200, responseBody: .array(ok))) == [
            "/request/query/limit: expected integer ≤ 100, found 500",
            #"/request/query/verbose: expected boolean, found string "yes""#,
        ])
        #expect(descriptions(RecordedExchange(method: "GET", target: "/devices/d1/history", status: 200, responseBody: .array(ok)))
                == ["/request/query/limit: expected required query parameter, found absent"])
        #expect(descriptions(RecordedExchange(method: "GET", target: "/devices/d1/oven?compartment=middle&debug=1", status: 200, responseBody: Self.ovenState)) == [
            #"/request/query/compartment: expected one of "upper", "lower", found "middle""#,
            #"/request/query/debug: expected only declared query parameters (compartment), found "1""#,
        ])
        #expect(descriptions(RecordedExchange(method: "GET", target: "/devices?page=2", status: 200, responseBody: []))
                == [#"/request/query/page: expected no query parameters, found "2""#])
    }

    @Test("a request refused with a 4XX is not held to the request schemas unless asked")
    func refusedRequests() throws {
        let refused = RecordedExchange(method: "POST", target: "/devices/d1/oven/power?debug=1", requestBody: ["isOn": "yes"],
                                       status: 400, responseBody: ["error": "bad_request", "message": "isOn must be a Boolean"])
        #expect(validator.validate(refused).violations == [])
        let strict = ExchangeValidator(contract: try OpenAPIContract(document: MiniContracts.openAPI), requestChecks: .always)
        #expect(strict.validate(refused).violations.map(\.description) == [
            #"/request/query/debug: expected no query parameters, found "1""#,
            #"/request/body/isOn: expected boolean, found string "yes""#,
        ])
        // The same bad request accepted with a 200 is a server bug, reported by default.
        let accepted = RecordedExchange(method: "POST", target: "/devices/d1/oven/power", requestBody: ["isOn": "yes"],
                                        status: 200, responseBody: Self.ovenState)
        #expect(validator.validate(accepted).violations.map(\.description) == [#"/request/body/isOn: expected boolean, found string "yes""#])
    }

    @Test("unmatched requests are one violation at the target or the method")
    func unmatched() {
        #expect(descriptions(RecordedExchange(method: "GET", target: "/toasters", status: 404))
                == ["/request/target: expected a declared path, found GET /toasters"])
        #expect(descriptions(RecordedExchange(method: "PATCH", target: "/devices", status: 405))
                == ["/request/method: expected GET (declared for /devices), found PATCH"])
    }
}
