import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HarnessCore
import KitchenAPI
import Testing

/// What one operation must put on the wire, and what it must make of the answer.
struct ExpectedExchange: Sendable {
    var method: String
    var url: String
    var body: JSONValue?
    var status = 200
    var responseBody: String
    /// Calls the operation and checks the decoded value.
    var call: @Sendable (APIService) async throws -> Void
}

@Suite("APIService requests")
struct APIServiceRequestTests {
    static let base = "http://kitchen.test:8080"
    static let restOperations = APIOperation.allCases.filter { $0 != .openLiveUpdates }

    /// A call that checks the operation decoded `expected`.
    static func returns<Value: Equatable & Sendable>(
        _ expected: Value, _ call: @escaping @Sendable (APIService) async throws -> Value
    ) -> @Sendable (APIService) async throws -> Void {
        { api in
            let value = try await call(api)
            #expect(value == expected)
        }
    }

    /// The exchange for every REST operation; the switch is exhaustive, so a
    /// new operation does not compile until it has one.
    static func exchange(for operation: APIOperation) throws -> ExpectedExchange {
        let oven = try encodedText(Samples.oven)
        let fridge = try encodedText(Samples.fridge)
        let dishwasher = try encodedText(Samples.dishwasher)
        let iceMaker = try encodedText(Samples.iceMaker)
        let id = "dev 1/ü"
        let device = base + "/devices/dev%201%2F%C3%BC"
        switch operation {
        case .login:
            return ExpectedExchange(
                method: "POST", url: base + "/auth/login", body: ["username": "alice", "password": "p&ss word"],
                responseBody: try encodedText(Samples.login),
                call: returns(Samples.login) { try await $0.login(username: "alice", password: "p&ss word") })
        case .logout:
            return ExpectedExchange(
                method: "POST", url: base + "/auth/logout", status: 204, responseBody: "",
                call: { try await $0.logout() })
        case .listDevices:
            return ExpectedExchange(
                method: "GET", url: base + "/devices", responseBody: try encodedText(Samples.devices),
                call: returns(Samples.devices) { try await $0.fetchDevices() })
        case .getOvenState:
            return ExpectedExchange(
                method: "GET", url: device + "/oven?compartment=upper", responseBody: oven,
                call: returns(Samples.oven) { try await $0.getOvenState(deviceId: id, compartment: "upper") })
        case .setOvenPower:
            return ExpectedExchange(
                method: "POST", url: device + "/oven/power", body: ["isOn": true, "compartment": "lower"],
                responseBody: oven,
                call: returns(Samples.oven) {
                    try await $0.setOvenPower(deviceId: id, compartment: "lower", isOn: true)
                })
        case .setOvenTemperature:
            return ExpectedExchange(
                method: "POST", url: device + "/oven/temperature", body: ["targetTemperature": 425], responseBody: oven,
                call: returns(Samples.oven) { try await $0.setOvenTemperature(deviceId: id, temperature: 425) })
        case .setOvenMode:
            return ExpectedExchange(
                method: "POST", url: device + "/oven/mode", body: ["mode": "air_fry", "compartment": "upper"],
                responseBody: oven,
                call: returns(Samples.oven) {
                    try await $0.setOvenMode(deviceId: id, compartment: "upper", mode: "air_fry")
                })
        case .getFridgeState:
            return ExpectedExchange(
                method: "GET", url: device + "/fridge", responseBody: fridge,
                call: returns(Samples.fridge) { try await $0.getFridgeState(deviceId: id) })
        case .setFridgeTemperature:
            return ExpectedExchange(
                method: "POST", url: device + "/fridge/temperature", body: ["temperature": 36], responseBody: fridge,
                call: returns(Samples.fridge) { try await $0.setFridgeTemperature(deviceId: id, temperature: 36) })
        case .setFreezerTemperature:
            return ExpectedExchange(
                method: "POST", url: device + "/fridge/freezer/temperature", body: ["temperature": -2],
                responseBody: fridge,
                call: returns(Samples.fridge) { try await $0.setFreezerTemperature(deviceId: id, temperature: -2) })
        case .getDishwasherState:
            return ExpectedExchange(
                method: "GET", url: device + "/dishwasher", responseBody: dishwasher,
                call: returns(Samples.dishwasher) { try await $0.getDishwasherState(deviceId: id) })
        case .startDishwasher:
            return ExpectedExchange(
                method: "POST", url: device + "/dishwasher/start", body: ["cycle": "eco"], responseBody: dishwasher,
                call: returns(Samples.dishwasher) { try await $0.startDishwasher(deviceId: id, cycle: "eco") })
        case .stopDishwasher:
            return ExpectedExchange(
                method: "POST", url: device + "/dishwasher/stop", responseBody: dishwasher,
                call: returns(Samples.dishwasher) { try await $0.stopDishwasher(deviceId: id) })
        case .getIceMakerState:
            return ExpectedExchange(
                method: "GET", url: device + "/icemaker", responseBody: iceMaker,
                call: returns(Samples.iceMaker) { try await $0.getIceMakerState(deviceId: id) })
        case .setIceMakerPower:
            return ExpectedExchange(
                method: "POST", url: device + "/icemaker/power", body: ["isOn": false], responseBody: iceMaker,
                call: returns(Samples.iceMaker) { try await $0.setIceMakerPower(deviceId: id, isOn: false) })
        case .setIceMakerRate:
            return ExpectedExchange(
                method: "POST", url: device + "/icemaker/rate", body: ["rate": "high"], responseBody: iceMaker,
                call: returns(Samples.iceMaker) { try await $0.setIceMakerRate(deviceId: id, rate: "high") })
        case .openLiveUpdates:
            preconditionFailure("openLiveUpdates is the WebSocket, not a REST call")
        }
    }

    @Test("Each operation sends the exact method, URL, headers and JSON body, and decodes the answer",
          arguments: restOperations)
    func exactRequest(operation: APIOperation) async throws {
        let expected = try Self.exchange(for: operation)
        #expect(expected.method == operation.method)
        let transport = FakeHTTPTransport(status: expected.status, body: expected.responseBody)
        let api = APIService(
            baseURL: URL(string: Self.base)!, tokenStore: InMemoryTokenStore(token: "tok-1"), transport: transport)

        try await expected.call(api)

        let request = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(request.httpMethod == expected.method)
        #expect(request.url?.absoluteString == expected.url)
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        let authorization = request.value(forHTTPHeaderField: "Authorization")
        #expect(authorization == (operation == .login ? nil : "Bearer tok-1"))
        if let body = expected.body {
            #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(try json(request.httpBody) == body)
        } else {
            #expect(request.httpBody == nil)
            #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
        }
        #expect(operation.hasRequestBody == (expected.body != nil))
    }

    @Test("Oven routes leave the compartment out when nil and put it in when given")
    func ovenCompartment() async throws {
        let transport = FakeHTTPTransport(status: 200, body: try encodedText(Samples.oven))
        let api = APIService(
            baseURL: URL(string: Self.base)!, tokenStore: InMemoryTokenStore(token: "t"), transport: transport)
        _ = try await api.getOvenState(deviceId: "o")
        _ = try await api.setOvenPower(deviceId: "o", isOn: false)
        _ = try await api.setOvenTemperature(deviceId: "o", compartment: "upper", temperature: 170)
        _ = try await api.setOvenMode(deviceId: "o", mode: "warm")
        let requests = transport.requests
        #expect(requests.map { $0.url?.absoluteString } == [
            Self.base + "/devices/o/oven", Self.base + "/devices/o/oven/power",
            Self.base + "/devices/o/oven/temperature", Self.base + "/devices/o/oven/mode",
        ])
        #expect(try requests.dropFirst().map { try json($0.httpBody) } == [
            ["isOn": false], ["targetTemperature": 170, "compartment": "upper"], ["mode": "warm"],
        ])
        #expect(String(decoding: requests[1].httpBody ?? Data(), as: UTF8.self) == #"{"isOn":false}"#)
    }

    @Test("Device ids are one percent-encoded path segment; query values cannot split the query", arguments: [
        ("plain-ID_1.x~", "plain-ID_1.x~", "plain-ID_1.x~"),
        ("a b", "a%20b", "a%20b"),
        ("../admin", "..%2Fadmin", "..%2Fadmin"),
        ("..", "%2E%2E", ".."),
        ("a?b#c", "a%3Fb%23c", "a%3Fb%23c"),
        ("100%", "100%25", "100%25"),
        ("k=v&x+y", "k%3Dv%26x%2By", "k%3Dv%26x%2By"),
        ("ofen-ä", "ofen-%C3%A4", "ofen-%C3%A4"),
    ])
    func percentEncoding(text: String, inPath: String, inQuery: String) async throws {
        let transport = FakeHTTPTransport(status: 200, body: try encodedText(Samples.oven))
        let api = APIService(baseURL: URL(string: Self.base)!, transport: transport)
        _ = try await api.getOvenState(deviceId: text, compartment: text)
        let expected = "\(Self.base)/devices/\(inPath)/oven?compartment=\(inQuery)"
        #expect(transport.requests.first?.url?.absoluteString == expected)
    }

    @Test("A base URL with a path prefix and trailing slash keeps the prefix", arguments: [
        "http://kitchen.test/api", "http://kitchen.test/api/", "http://kitchen.test/api//",
    ])
    func basePathPrefix(base: String) async throws {
        let transport = FakeHTTPTransport(status: 200, body: "[]")
        let api = APIService(baseURL: URL(string: base)!, transport: transport)
        #expect(try await api.fetchDevices() == [])
        #expect(transport.requests.first?.url?.absoluteString == "http://kitchen.test/api/devices")
    }
}
