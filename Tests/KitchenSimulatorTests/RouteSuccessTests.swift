import HarnessCore
import Testing
@testable import KitchenSimulator

/// Every route's success status and shape, over real sockets.
@Suite(.timeLimit(.minutes(2))) struct RouteSuccessTests {
    @Test func loginReturnsTokenExpiryAndUser() throws {
        let harness = try SimulatorHarness()
        let reply = try harness.send(.post, "/auth/login", body: ["username": "demo", "password": "demo"])
        #expect(reply.status == 200)
        #expect(reply.headers["Content-Type"] == "application/json")
        let json = try #require(reply.json)
        #expect(json["token"]?.stringValue?.isEmpty == false)
        // Manual clock starts 2026-11-20T10:00:00.000Z; the default TTL is one hour.
        #expect(json["expiresAt"]?.stringValue == "2026-11-20T11:00:00.000Z")
        #expect(json["user"]?["username"] == "demo")
        #expect(json["user"]?["id"]?.stringValue?.hasPrefix("user-") == true)
    }

    @Test func firstLoginCreatesAKitchenOfFiveDevicesWithCompartmentsOnlyOnTheDoubleOven() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let reply = try harness.send(.get, "/devices", token: token)
        #expect(reply.status == 200)
        let devices = try #require(reply.json?.arrayValue)
        #expect(devices.map { $0["type"]?.stringValue } == ["oven", "oven", "fridge", "dishwasher", "ice_maker"])
        #expect(devices[0]["compartments"] == [["key": "upper", "label": "Upper Oven"], ["key": "lower", "label": "Lower Oven"]])
        for device in devices.dropFirst() { #expect(device["compartments"] == nil) }
        for device in devices {
            let keys = Set(device.objectValue?.keys ?? [])
            #expect(keys.isSuperset(of: ["id", "name", "type", "model", "isOnline"]))
        }
        // A second login keeps the same kitchen.
        let again = try harness.send(.get, "/devices", token: try harness.login())
        #expect(again.json == reply.json)
    }

    @Test func deviceIdsAreUniqueAcrossUsers() throws {
        let harness = try SimulatorHarness()
        let demo = try harness.devices(token: try harness.login("demo"))
        let alice = try harness.devices(token: try harness.login("alice"))
        #expect(Set(demo.values).isDisjoint(with: Set(alice.values)))
    }

    @Test func ovenCommandsOnEachCompartmentAndOnTheSingleOven() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let devices = try harness.devices(token: token)
        let double = try #require(devices["oven"]), single = try #require(devices["singleOven"])
        for (target, compartment) in [(double, "upper"), (double, "lower"), (single, nil)] as [(String, String?)] {
            let query = compartment.map { "?compartment=\($0)" } ?? ""
            var extra: JSONObject = [:]
            if let compartment { extra["compartment"] = .string(compartment) }
            func body(_ field: String, _ value: JSONValue) -> JSONValue {
                var object = extra
                object[field] = value
                return .object(object)
            }
            let initial = try harness.send(.get, "/devices/\(target)/oven\(query)", token: token)
            #expect(initial.status == 200)
            #expect(initial.json?["isOn"] == false)
            #expect(initial.json?["currentTemperature"] == 75)
            let on = try harness.send(.post, "/devices/\(target)/oven/power", token: token, body: body("isOn", true))
            #expect(on.status == 200 && on.json?["isOn"] == true)
            let hot = try harness.send(.post, "/devices/\(target)/oven/temperature", token: token,
                                       body: body("targetTemperature", 425))
            #expect(hot.json?["targetTemperature"] == 425)
            let mode = try harness.send(.post, "/devices/\(target)/oven/mode", token: token, body: body("mode", "air_fry"))
            #expect(mode.json?["mode"] == "air_fry")
            #expect(Set(mode.json?.objectValue?.keys ?? []) ==
                    ["isOn", "targetTemperature", "currentTemperature", "mode", "lastUpdated"])
        }
        // The compartments are independent.
        let upper = try harness.send(.get, "/devices/\(double)/oven?compartment=upper", token: token)
        try harness.simulator.advance(ticks: 1)
        let lower = try harness.send(.get, "/devices/\(double)/oven?compartment=lower", token: token)
        #expect(upper.json?["targetTemperature"] == 425 && lower.json?["currentTemperature"] == 100)
    }

    @Test func fridgeAndFreezerTemperatures() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let fridge = try #require(try harness.devices(token: token)["fridge"])
        let state = try harness.send(.get, "/devices/\(fridge)/fridge", token: token)
        #expect(state.status == 200)
        #expect(state.json?["doorOpenedAt"] == .null)  // present and null, not omitted
        #expect(state.json?["isDoorOpen"] == false)
        let cold = try harness.send(.post, "/devices/\(fridge)/fridge/temperature", token: token, body: ["temperature": 34])
        #expect(cold.json?["targetTemperature"] == 34)
        let freezer = try harness.send(.post, "/devices/\(fridge)/fridge/freezer/temperature", token: token,
                                       body: ["temperature": -5])
        #expect(freezer.json?["freezerTargetTemperature"] == -5)
    }

    @Test func dishwasherStartRunsToCompleteAndStopIsIdempotent() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let dishwasher = try #require(try harness.devices(token: token)["dishwasher"])
        let idle = try harness.send(.get, "/devices/\(dishwasher)/dishwasher", token: token)
        #expect(idle.json == ["status": "idle", "cycle": nil, "remainingMinutes": 0, "lastUpdated": idle.json?["lastUpdated"] ?? nil])
        let started = try harness.send(.post, "/devices/\(dishwasher)/dishwasher/start", token: token,
                                       body: ["cycle": "rinse_only"])
        #expect(started.json?["status"] == "running" && started.json?["remainingMinutes"] == 15)
        try harness.simulator.advance(ticks: 15)
        let done = try harness.send(.get, "/devices/\(dishwasher)/dishwasher", token: token)
        #expect(done.json?["status"] == "complete" && done.json?["cycle"] == "rinse_only" && done.json?["remainingMinutes"] == 0)
        for _ in 0..<2 {
            let stopped = try harness.send(.post, "/devices/\(dishwasher)/dishwasher/stop", token: token)
            #expect(stopped.status == 200)
            #expect(stopped.json?["status"] == "idle" && stopped.json?["cycle"] == .null && stopped.json?["remainingMinutes"] == 0)
        }
    }

    @Test func iceMakerPowerAndRate() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let iceMaker = try #require(try harness.devices(token: token)["ice_maker"])
        let state = try harness.send(.get, "/devices/\(iceMaker)/icemaker", token: token)
        #expect(Set(state.json?.objectValue?.keys ?? []) == ["isOn", "productionRate", "binLevel", "isBinFull", "lastUpdated"])
        let off = try harness.send(.post, "/devices/\(iceMaker)/icemaker/power", token: token, body: ["isOn": false])
        #expect(off.json?["isOn"] == false)
        let high = try harness.send(.post, "/devices/\(iceMaker)/icemaker/rate", token: token, body: ["rate": "high"])
        #expect(high.json?["productionRate"] == "high")
    }

    @Test func logoutRevokesTheToken() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let reply = try harness.send(.post, "/auth/logout", token: token)
        #expect(reply.status == 204 && reply.body.isEmpty)
        #expect(try harness.send(.get, "/devices", token: token).status == 401)
    }

    @Test func headIsAnsweredLikeGetWithoutABody() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let reply = try harness.send(.head, "/devices", token: token)
        #expect(reply.status == 200 && reply.body.isEmpty)
        #expect(Int(reply.headers["Content-Length"] ?? "") ?? 0 > 0)
    }

    @Test func responsesCarryADateFromTheSimulationClock() throws {
        let harness = try SimulatorHarness()
        let reply = try harness.send(.post, "/auth/login", body: ["username": "demo", "password": "demo"])
        #expect(reply.headers["Date"] == "Fri, 20 Nov 2026 10:00:00 GMT")
    }
}
