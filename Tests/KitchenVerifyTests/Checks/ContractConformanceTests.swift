import KitchenVerify
import Testing

/// Check 1 on the committed recordings: one case per recorded exchange (request, declared
/// status, response body) and per WebSocket message, each against the contracts.
@Suite("Check 1: recordings against the contracts")
struct ContractConformanceTests {
    @Test("the exchange conforms to the OpenAPI contract", arguments: Fixtures.exchangeCases(.contract))
    func exchangeConforms(_ testCase: TestCase) throws {
        let contracts = try #require(Fixtures.contracts)
        let (recording, entry, _) = try Fixtures.locate(testCase)
        let findings = ContractCheck(contracts: contracts).findings(for: entry, in: recording.name)
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    @Test("the WebSocket message conforms to the AsyncAPI contract", arguments: Fixtures.messageCases(.contract))
    func messageConforms(_ testCase: TestCase) throws {
        let contracts = try #require(Fixtures.contracts)
        let (recording, entry, message) = try Fixtures.locate(testCase)
        let findings = ContractCheck(contracts: contracts).findings(for: try #require(message), of: entry, in: recording.name)
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    @Test("every committed recording has cases, and WebSocket recordings have message cases")
    func casesExist() {
        #expect(Fixtures.exchangeCases(.contract).count > 100)
        #expect(Fixtures.messageCases(.contract).count > 100)
        #expect(Fixtures.exchangeCases(.contract).contains { $0.testDescription == "oven-controls.har #3 POST /devices/{deviceId}/oven/power → 200" })
    }
}
