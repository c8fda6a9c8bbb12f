import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HarnessCore
import KitchenAPI
import KitchenContracts
import KitchenSimulator
import Testing
import KitchenTestSupport

/// The simulator's control routes, over real sockets, against the provider-state contract a
/// server team implements (Contracts/kitchen.controls.openapi.json).
@Suite("provider states: the simulator against kitchen.controls.openapi.json", .timeLimit(.minutes(2)))
struct ProviderStateContractTests {
    @Test("every control route answers as the contract declares, and GET /_sim lists them")
    func controlsConform() async throws {
        let contract = try OpenAPIContract(contentsOf: Repository.contracts.appendingPathComponent("kitchen.controls.openapi.json"))
        let validator = ExchangeValidator(contract: contract)
        let simulator = Simulator(configuration: SimulatorConfiguration(port: 0, manualClock: true, controlsEnabled: true))
        try simulator.start()
        defer { simulator.stop() }
        let base = try #require(simulator.baseURL.flatMap(URL.init(string:)))
        let api = APIService(baseURL: base, transport: HTTPWireTransport())
        _ = try await api.login(username: "demo", password: "demo")
        let fridge = try #require(try await api.fetchDevices().first { $0.type == .fridge })
        let calls: [(String, String, JSONValue?)] = [
            ("GET", "/_sim", nil),
            ("POST", "/_sim/clock/advance", ["ticks": 2]),
            ("POST", "/_sim/fridge/door", ["deviceId": .string(fridge.id), "open": true]),
            ("POST", "/_sim/tokens/expire", ["username": "demo"]),
            ("POST", "/_sim/tokens/revoke", ["username": "demo"]),
            ("POST", "/_sim/websockets/drop", ["username": "demo"]),
            ("POST", "/_sim/faults", ["path": "/devices", "status": 503, "times": 1]),
            ("DELETE", "/_sim/faults", nil),
        ]
        for (method, path, body) in calls {
            var request = URLRequest(url: base.appendingPathComponent(String(path.dropFirst())))
            request.httpMethod = method
            if let body {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(JSONSerializer.bytes(body))
            }
            let (data, response) = try await HTTPWireTransport().send(request)
            // JSONValue is nil-literal expressible: spell out "no body" so it is not JSON null.
            let responseBody: JSONValue? = data.isEmpty ? Optional<JSONValue>.none : try JSONValue(parsing: Array(data))
            let exchange = RecordedExchange(method: method, target: path, requestBody: body, status: response.statusCode,
                                            responseBody: responseBody)
            let validation = validator.validate(exchange)
            #expect(validation.violations.isEmpty, "\(method) \(path) → \(response.statusCode): \(validation.violations)")
            #expect((200..<300).contains(response.statusCode), "\(method) \(path) → \(response.statusCode)")
            if path == "/_sim" {
                #expect(try JSONValue(parsing: Array(data))["controls"] == ["clock", "fridge-door", "tokens", "websockets", "faults"])
            }
        }
    }
}
