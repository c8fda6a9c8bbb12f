import Foundation
import HarnessCore
import Testing
@testable import KitchenContracts

/// The repository's own contracts: they load, every reference resolves, and examples
/// written from API.md pass while broken ones fail with precise violations.
@Suite("Contracts/kitchen.openapi.json", .enabled(if: contractFile("kitchen.openapi.json") != nil))
struct KitchenOpenAPIFileTests {
    let contract: OpenAPIContract
    let validator: ExchangeValidator

    init() throws {
        contract = try OpenAPIContract(contentsOf: try #require(contractFile("kitchen.openapi.json")))
        validator = ExchangeValidator(contract: contract)
    }

    static let ovenState = json(#"""
    {"isOn": true, "targetTemperature": 350, "currentTemperature": 75, "mode": "bake", "lastUpdated": "2026-11-20T10:15:30.123Z"}
    """#)

    @Test("it loads with the fixed operationIds and every $ref resolves")
    func loads() {
        #expect(contract.operations.count == 17)
        for id in ["login", "logout", "listDevices", "getOvenState", "setOvenPower", "setOvenTemperature", "setOvenMode",
                   "getFridgeState", "setFridgeTemperature", "setFreezerTemperature", "getDishwasherState",
                   "startDishwasher", "stopDishwasher", "getIceMakerState", "setIceMakerPower", "setIceMakerRate", "openLiveUpdates"] {
            #expect(contract.operation(id: id) != nil, "missing \(id)")
        }
        #expect(!contract.allReferences().isEmpty)
        #expect(contract.unresolvedReferences() == [])
    }

    static let examples: [RecordedExchange] = [
        RecordedExchange(method: "POST", target: "/auth/login", requestBody: ["username": "demo", "password": "demo"], status: 200,
                         responseBody: json(#"{"token": "t0k", "expiresAt": "2026-11-20T11:15:30.123Z", "user": {"id": "u1", "username": "demo"}}"#)),
        RecordedExchange(method: "POST", target: "/auth/logout", status: 204),
        RecordedExchange(method: "GET", target: "/devices", status: 200, responseBody: json(#"""
        [{"id": "o1", "name": "Double oven", "type": "oven", "model": "DO-2", "isOnline": true,
          "compartments": [{"key": "upper", "label": "Upper"}, {"key": "lower", "label": "Lower"}]},
         {"id": "o2", "name": "Oven", "type": "oven", "model": "SO-1", "isOnline": true},
         {"id": "f1", "name": "Fridge", "type": "fridge", "model": "FR-9", "isOnline": true},
         {"id": "d1", "name": "Dishwasher", "type": "dishwasher", "model": "DW-3", "isOnline": false},
         {"id": "i1", "name": "Ice maker", "type": "ice_maker", "model": "IM-1", "isOnline": true}]
        """#)),
        RecordedExchange(method: "GET", target: "/devices/o1/oven?compartment=upper", status: 200, responseBody: ovenState),
        RecordedExchange(method: "POST", target: "/devices/o1/oven/temperature", requestBody: ["targetTemperature": 425, "compartment": "lower"],
                         status: 200, responseBody: ovenState),
        RecordedExchange(method: "POST", target: "/devices/o2/oven/mode", requestBody: ["mode": "air_fry"], status: 200, responseBody: ovenState),
        RecordedExchange(method: "GET", target: "/devices/f1/fridge", status: 200, responseBody: json(#"""
        {"targetTemperature": 37, "currentTemperature": 38, "freezerTargetTemperature": 0, "freezerCurrentTemperature": 1,
         "isDoorOpen": false, "doorOpenedAt": null, "lastUpdated": "2026-11-20T10:15:30.123Z"}
        """#)),
        RecordedExchange(method: "POST", target: "/devices/d1/dishwasher/start", requestBody: ["cycle": "eco"], status: 200,
                         responseBody: json(#"{"status": "running", "cycle": "eco", "remainingMinutes": 180, "lastUpdated": "2026-11-20T10:15:30.123Z"}"#)),
        RecordedExchange(method: "POST", target: "/devices/d1/dishwasher/stop", status: 200,
                         responseBody: json(#"{"status": "idle", "cycle": null, "remainingMinutes": 0, "lastUpdated": "2026-11-20T10:15:30.123Z"}"#)),
        RecordedExchange(method: "POST", target: "/devices/i1/icemaker/rate", requestBody: ["rate": "high"], status: 200,
                         responseBody: json(#"{"isOn": true, "productionRate": "high", "binLevel": 42, "isBinFull": false, "lastUpdated": "2026-11-20T10:15:30.123Z"}"#)),
        RecordedExchange(method: "POST", target: "/devices/o1/oven/temperature", requestBody: ["targetTemperature": 900, "compartment": "upper"],
                         status: 400, responseBody: ["error": "invalid_value", "message": "targetTemperature must be 170…550"]),
        RecordedExchange(method: "GET", target: "/devices/f1/oven", status: 404, responseBody: ["error": "not_found", "message": "no such device"]),
    ]

    @Test("exchanges written from API.md conform", arguments: examples)
    func examplesConform(_ exchange: RecordedExchange) {
        let verdict = validator.validate(exchange)
        #expect(verdict.operation != nil)
        #expect(verdict.violations == [])
    }

    @Test("broken exchanges fail with the precise violation", arguments: [
        (RecordedExchange(method: "GET", target: "/devices/o1/oven", status: 200,
                          responseBody: editing(ovenState, at: "/targetTemperature", to: 900)),
         "/response/body/targetTemperature: expected integer ≤ 550, found 900"),
        (RecordedExchange(method: "GET", target: "/devices/o1/oven", status: 200, responseBody: editing(ovenState, at: "/mode", to: "grill")),
         "/response/body/mode: expected one of \"bake\", \"roast\", \"broil_high\", \"broil_low\", \"convect\", \"convect_broil\", \"warm\", \"air_fry\", found \"grill\""),
        (RecordedExchange(method: "GET", target: "/devices/o1/oven", status: 200,
                          responseBody: editing(ovenState, at: "/lastUpdated", to: "2026-11-20 10:15:30Z")),
         "/response/body/lastUpdated: expected RFC 3339 date-time, found \"2026-11-20 10:15:30Z\""),
        (RecordedExchange(method: "POST", target: "/devices/o1/oven/temperature", requestBody: ["targetTemperature": "350"], status: 200,
                          responseBody: ovenState),
         "/request/body/targetTemperature: expected integer, found string \"350\""),
        (RecordedExchange(method: "POST", target: "/devices/o1/oven/power", requestBody: ["isOn": true, "extra": 1], status: 200,
                          responseBody: ovenState),
         "/request/body/extra: expected no undeclared member, found 1"),
        (RecordedExchange(method: "GET", target: "/devices/o1/oven", status: 404, responseBody: ["error": "conflict", "message": "x"]),
         "/response/body/error: expected \"not_found\", found \"conflict\""),
        (RecordedExchange(method: "POST", target: "/auth/logout", status: 200),
         "/response/status: expected a status declared for logout (204, 401), found 200"),
        (RecordedExchange(method: "GET", target: "/devices/o1/oven?compartment=middle", status: 200, responseBody: ovenState),
         "/request/query/compartment: expected one of \"upper\", \"lower\", found \"middle\""),
    ])
    func brokenFail(_ exchange: RecordedExchange, _ expected: String) {
        #expect(validator.validate(exchange).violations.map(\.description) == [expected])
    }

    @Test("the contract compared with itself has no changes")
    func selfDiff() throws {
        let url = try #require(contractFile("kitchen.openapi.json"))
        #expect(try ContractDiff.compareFiles(old: url, new: url, includeNeutral: true) == [])
    }
}

@Suite("Contracts/kitchen.asyncapi.json", .enabled(if: contractFile("kitchen.asyncapi.json") != nil))
struct KitchenAsyncAPIFileTests {
    let contract: AsyncAPIContract

    init() throws {
        contract = try AsyncAPIContract(contentsOf: try #require(contractFile("kitchen.asyncapi.json")))
    }

    static func message(deviceType: String, compartment: JSONValue, state: String) -> JSONValue {
        .object([
            "type": "state", "deviceId": "d1", "deviceType": .string(deviceType), "compartment": compartment,
            "state": json(state), "sentAt": "2026-11-20T10:15:30.123Z",
        ])
    }

    @Test("it loads, every $ref resolves, and /ws tells its messages apart by deviceType")
    func loads() throws {
        #expect(contract.unresolvedReferences() == [])
        let channel = try #require(contract.channel("/ws"))
        #expect(channel.discriminator == "deviceType")
        #expect(channel.messages.compactMap(\.discriminatorValue).sorted() == ["dishwasher", "fridge", "ice_maker", "oven"])
    }

    @Test("state messages written from API.md conform")
    func examplesConform() {
        let oven = Self.message(deviceType: "oven", compartment: "upper", state: #"""
        {"isOn": false, "targetTemperature": 350, "currentTemperature": 75, "mode": "bake", "lastUpdated": "2026-11-20T10:15:30.123Z"}
        """#)
        let outcome = contract.validateMessage(oven, onChannel: "/ws")
        #expect(outcome.isValid, "\(outcome.violations)")
        let fridge = Self.message(deviceType: "fridge", compartment: nil, state: #"""
        {"targetTemperature": 37, "currentTemperature": 40, "freezerTargetTemperature": 0, "freezerCurrentTemperature": 0,
         "isDoorOpen": true, "doorOpenedAt": "2026-11-20T10:15:00.000Z", "lastUpdated": "2026-11-20T10:15:30.123Z"}
        """#)
        #expect(contract.validateMessage(fridge, onChannel: "/ws").isValid)
    }

    @Test("broken state messages fail precisely")
    func brokenFail() {
        let toaster = Self.message(deviceType: "toaster", compartment: nil, state: "{}")
        #expect(contract.validateMessage(toaster, onChannel: "/ws").violations.map(\.found) == [#"unknown message type "toaster""#])
        let fridgeWithCompartment = Self.message(deviceType: "fridge", compartment: "upper", state: #"""
        {"targetTemperature": 37, "currentTemperature": 40, "freezerTargetTemperature": 0, "freezerCurrentTemperature": 0,
         "isDoorOpen": false, "doorOpenedAt": null, "lastUpdated": "2026-11-20T10:15:30.123Z"}
        """#)
        #expect(contract.validateMessage(fridgeWithCompartment, onChannel: "/ws").violations.map(\.description)
                == [#"/compartment: expected null, found string "upper""#])
    }

    @Test("the contract compared with itself has no changes")
    func selfDiff() throws {
        let url = try #require(contractFile("kitchen.asyncapi.json"))
        #expect(try ContractDiff.compareFiles(old: url, new: url, includeNeutral: true) == [])
    }

    @Test("state schemas shared with the OpenAPI contract are identical JSON, as Contracts/README.md promises",
          .enabled(if: contractFile("kitchen.openapi.json") != nil))
    func sharedSchemasAgree() throws {
        let rest = try OpenAPIContract(contentsOf: try #require(contractFile("kitchen.openapi.json")))
        let restSchemas = try #require(rest.document["components"]?["schemas"]?.objectValue)
        let liveSchemas = try #require(contract.document["components"]?["schemas"]?.objectValue)
        let shared = liveSchemas.keys.filter { restSchemas[$0] != nil }
        #expect(shared.count >= 9)
        for name in shared {
            #expect(restSchemas[name] == liveSchemas[name], "\(name) differs between the contracts")
        }
    }
}
