import HarnessCore
import HTTPWire
import Testing
@testable import KitchenSimulator

/// Every documented error, with its exact status, code and body shape.
@Suite(.timeLimit(.minutes(2))) struct RouteErrorTests {
    /// Checks status, code, and that the body is exactly `{"error", "message"}`.
    func expectError(_ reply: SimulatorHarness.Reply, _ status: Int, _ code: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status == status, sourceLocation: sourceLocation)
        #expect(reply.errorCode == code, sourceLocation: sourceLocation)
        #expect(Set(reply.json?.objectValue?.keys ?? []) == ["error", "message"], sourceLocation: sourceLocation)
        #expect(reply.json?["message"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
    }

    struct BodyCase: CustomTestStringConvertible, Sendable {
        let path: String
        let body: String
        let code: String
        var testDescription: String { "\(path) \(body) → \(code)" }
    }

    /// `{id}` is the device of the route's type, `{double}` the double oven, `{single}` the single oven.
    static let badBodies: [BodyCase] = [
        .init(path: "/auth/login", body: #"{"username": "demo""#, code: "bad_request"),
        .init(path: "/auth/login", body: #"{"username": "demo"}"#, code: "bad_request"),
        .init(path: "/auth/login", body: #"["demo", "demo"]"#, code: "bad_request"),
        .init(path: "/auth/login", body: #"{"username": 7, "password": "demo"}"#, code: "bad_request"),
        .init(path: "/devices/{single}/oven/power", body: #"{"isOn": "yes"}"#, code: "bad_request"),
        .init(path: "/devices/{single}/oven/power", body: "", code: "bad_request"),
        .init(path: "/devices/{single}/oven/temperature", body: #"{"targetTemperature": 350.5}"#, code: "bad_request"),
        .init(path: "/devices/{single}/oven/temperature", body: #"{"targetTemperature": "350"}"#, code: "bad_request"),
        .init(path: "/devices/{single}/oven/temperature", body: #"{"targetTemperature": 169}"#, code: "invalid_value"),
        .init(path: "/devices/{single}/oven/temperature", body: #"{"targetTemperature": 551}"#, code: "invalid_value"),
        .init(path: "/devices/{single}/oven/mode", body: #"{"mode": "steam"}"#, code: "invalid_value"),
        .init(path: "/devices/{single}/oven/mode", body: #"{"mode": "bake", "compartment": "upper"}"#, code: "bad_request"),
        .init(path: "/devices/{double}/oven/mode", body: #"{"mode": "bake"}"#, code: "bad_request"),
        .init(path: "/devices/{double}/oven/mode", body: #"{"mode": "bake", "compartment": "middle"}"#, code: "invalid_value"),
        .init(path: "/devices/{double}/oven/mode", body: #"{"mode": "bake", "compartment": null}"#, code: "bad_request"),
        .init(path: "/devices/{fridge}/fridge/temperature", body: #"{"temperature": 32}"#, code: "invalid_value"),
        .init(path: "/devices/{fridge}/fridge/temperature", body: #"{"temperature": 46}"#, code: "invalid_value"),
        .init(path: "/devices/{fridge}/fridge/freezer/temperature", body: #"{"temperature": -11}"#, code: "invalid_value"),
        .init(path: "/devices/{fridge}/fridge/freezer/temperature", body: #"{"temperature": 11}"#, code: "invalid_value"),
        .init(path: "/devices/{fridge}/fridge/freezer/temperature", body: #"{"temp": 0}"#, code: "bad_request"),
        .init(path: "/devices/{dishwasher}/dishwasher/start", body: #"{"cycle": "turbo"}"#, code: "invalid_value"),
        .init(path: "/devices/{dishwasher}/dishwasher/start", body: #"{"cycle": 1}"#, code: "bad_request"),
        .init(path: "/devices/{ice_maker}/icemaker/rate", body: #"{"rate": "max"}"#, code: "invalid_value"),
        .init(path: "/devices/{ice_maker}/icemaker/power", body: #"{}"#, code: "bad_request"),
    ]

    @Test(arguments: badBodies)
    func badBodyGets400WithTheRightCode(_ testCase: BodyCase) throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let devices = try harness.devices(token: token)
        var path = testCase.path
        for (placeholder, key) in [("{single}", "singleOven"), ("{double}", "oven"), ("{fridge}", "fridge"),
                                   ("{dishwasher}", "dishwasher"), ("{ice_maker}", "ice_maker")] {
            path = path.replacingOccurrences(of: placeholder, with: devices[key] ?? "?")
        }
        let reply = try harness.send(.post, path, token: path.hasPrefix("/auth") ? nil : token,
                                     rawBody: Array(testCase.body.utf8), headers: ["Content-Type": "application/json"])
        expectError(reply, 400, testCase.code)
    }

    @Test func ovenQueryCompartmentRules() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let devices = try harness.devices(token: token)
        expectError(try harness.send(.get, "/devices/\(devices["oven"]!)/oven", token: token), 400, "bad_request")
        expectError(try harness.send(.get, "/devices/\(devices["oven"]!)/oven?compartment=side", token: token), 400, "invalid_value")
        expectError(try harness.send(.get, "/devices/\(devices["singleOven"]!)/oven?compartment=upper", token: token), 400, "bad_request")
    }

    @Test func missingUnknownAndBadSchemeTokensGet401() throws {
        let harness = try SimulatorHarness()
        _ = try harness.login()
        let missing = try harness.send(.get, "/devices")
        expectError(missing, 401, "unauthorized")
        #expect(missing.headers["WWW-Authenticate"] == "Bearer")
        expectError(try harness.send(.get, "/devices", token: "tok_unknown"), 401, "unauthorized")
        expectError(try harness.send(.get, "/devices", headers: ["Authorization": "Basic ZGVtbzpkZW1v"]), 401, "unauthorized")
        expectError(try harness.send(.get, "/devices", headers: ["Authorization": "Bearer"]), 401, "unauthorized")
        expectError(try harness.send(.get, "/devices", headers: ["Authorization": "Bearer "]), 401, "unauthorized")
        expectError(try harness.send(.get, "/devices", headers: ["Authorization": "Bearertok"]), 401, "unauthorized")
        expectError(try harness.send(.post, "/auth/login", body: ["username": "demo", "password": "wrong"]), 401, "unauthorized")
        expectError(try harness.send(.post, "/auth/login", body: ["username": "nobody", "password": "x"]), 401, "unauthorized")
    }

    @Test func theBearerSchemeIsCaseInsensitiveAndSpacesAroundTheTokenAreIgnored() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        for value in ["bearer \(token)", "BEARER \(token)", "Bearer  \(token)", "Bearer \(token)\t"] {
            #expect(try harness.send(.get, "/devices", headers: ["Authorization": value]).status == 200, "\(value)")
        }
    }

    @Test func expiredTokenGets401WhenTheClockPassesTheTTL() throws {
        let harness = try SimulatorHarness { $0.tokenTTLSeconds = 5 }
        let token = try harness.login()
        try harness.simulator.advance(ticks: 4)
        #expect(try harness.send(.get, "/devices", token: token).status == 200)
        try harness.simulator.advance(ticks: 1)
        expectError(try harness.send(.get, "/devices", token: token), 401, "unauthorized")
    }

    @Test func revokedTokenGets401() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        #expect(harness.simulator.revokeTokens(of: "demo") == 1)
        expectError(try harness.send(.get, "/devices", token: token), 401, "unauthorized")
        expectError(try harness.send(.post, "/auth/logout", token: token), 401, "unauthorized")
    }

    @Test func anotherUsersDeviceAndTheWrongDeviceTypeAndAnUnknownIdAllGet404() throws {
        let harness = try SimulatorHarness()
        let demo = try harness.login("demo")
        let alice = try harness.devices(token: try harness.login("alice"))
        let mine = try harness.devices(token: demo)
        expectError(try harness.send(.get, "/devices/\(alice["fridge"]!)/fridge", token: demo), 404, "not_found")
        expectError(try harness.send(.get, "/devices/\(mine["fridge"]!)/oven", token: demo), 404, "not_found")
        expectError(try harness.send(.post, "/devices/\(mine["fridge"]!)/dishwasher/start", token: demo,
                                     body: ["cycle": "normal"]), 404, "not_found")
        expectError(try harness.send(.get, "/devices/nope-000000/fridge", token: demo), 404, "not_found")
        expectError(try harness.send(.get, "/nowhere", token: demo), 404, "not_found")
        // Controls are switched off by default: they do not exist.
        let plain = try SimulatorHarness { $0.controlsEnabled = false }
        expectError(try plain.send(.get, "/_sim/tokens"), 404, "not_found")
    }

    @Test(arguments: [("GET", "/auth/login", "POST"), ("DELETE", "/devices", "GET, HEAD"),
                      ("POST", "/devices", "GET, HEAD"), ("PUT", "/auth/logout", "POST")])
    func wrongMethodGets405WithAllow(_ method: String, _ path: String, _ allow: String) throws {
        let harness = try SimulatorHarness()
        let reply = try harness.send(HTTPMethod(rawValue: method), path, token: try harness.login())
        expectError(reply, 405, "method_not_allowed")
        #expect(reply.headers["Allow"] == allow)
    }

    @Test func startingARunningDishwasherGets409() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let dishwasher = try harness.devices(token: token)["dishwasher"]!
        #expect(try harness.send(.post, "/devices/\(dishwasher)/dishwasher/start", token: token, body: ["cycle": "eco"]).status == 200)
        expectError(try harness.send(.post, "/devices/\(dishwasher)/dishwasher/start", token: token, body: ["cycle": "heavy"]),
                    409, "conflict")
    }

    @Test func bodyOver64KiBGets413AndOneAtTheLimitDoesNot() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let oven = try harness.devices(token: token)["singleOven"]!
        func body(totalBytes: Int) -> [UInt8] {
            let prefix = #"{"mode": "bake", "pad": ""#, suffix = #""}"#
            return Array((prefix + String(repeating: "x", count: totalBytes - prefix.utf8.count - suffix.utf8.count) + suffix).utf8)
        }
        expectError(try harness.send(.post, "/devices/\(oven)/oven/mode", token: token, rawBody: body(totalBytes: 65_537)),
                    413, "payload_too_large")
        #expect(try harness.send(.post, "/devices/\(oven)/oven/mode", token: token, rawBody: body(totalBytes: 65_536)).status == 200)
    }
}
