import HarnessCore
import Testing
@testable import KitchenContracts

@Suite("Contract diff: breaking changes")
struct ContractDiffBreakingTests {
    @Test("a property removed from a response schema")
    func responsePropertyRemoved() throws {
        let changes = try openAPIChanges { editing($0, at: "/components/schemas/OvenState/properties/mode", to: nil) }
        #expect(summaries(changes) == [
            "breaking \(ovenResponse) → /properties/mode [propertyRemoved]",
            "breaking \(powerResponse) → /properties/mode [propertyRemoved]",
        ])
        #expect(changes.last?.description == "BREAKING  POST /devices/{deviceId}/oven/power → 200 → /properties/mode: string → absent")
    }

    @Test("a property removed from a request schema")
    func requestPropertyRemoved() throws {
        let changes = try openAPIChanges { editing($0, at: "/components/schemas/OvenPowerRequest/properties/mode", to: nil) }
        #expect(summaries(changes) == ["breaking \(powerRequest) → /properties/mode [propertyRemoved]"])
    }

    @Test("a removed operation")
    func operationRemoved() throws {
        let changes = try openAPIChanges { editing($0, at: "/paths/~1devices~1{deviceId}~1history", to: nil) }
        #expect(summaries(changes) == ["breaking GET /devices/{deviceId}/history [operationRemoved]"])
        #expect(changes.first?.description == "BREAKING  GET /devices/{deviceId}/history: getHistory → absent")
    }

    @Test("a removed response status")
    func responseRemoved() throws {
        let changes = try openAPIChanges { editing($0, at: "/paths/~1devices~1{deviceId}~1oven~1power/post/responses/413", to: nil) }
        #expect(summaries(changes) == ["breaking POST /devices/{deviceId}/oven/power → 413 [responseRemoved]"])
    }

    @Test("a removed enum value in a request, even with the schema moved inline")
    func requestEnumValueRemoved() throws {
        let changes = try openAPIChanges {
            editing($0, at: "/components/schemas/OvenPowerRequest/properties/mode", to: ["type": "string", "enum": ["bake", "roast"]])
        }
        #expect(summaries(changes) == ["breaking \(powerRequest) → /properties/mode/enum [enumValueRemoved]"])
        #expect(changes.first?.old == #""broil_high""#)
        #expect(changes.first?.new == nil)
    }

    @Test("a removed enum value in a response")
    func responseEnumValueRemoved() throws {
        let changes = try openAPIChanges { editing($0, at: "/components/schemas/DeviceType/enum/3", to: nil) }
        #expect(summaries(changes) == ["breaking GET /devices → 200 → /items/properties/type/enum [enumValueRemoved]"])
    }

    @Test("a new enum value in a response breaks clients with closed enumerations")
    func responseEnumValueAdded() throws {
        let changes = try openAPIChanges { editing($0, at: "/components/schemas/DeviceType/enum/4", to: "toaster") }
        #expect(summaries(changes) == ["breaking GET /devices → 200 → /items/properties/type/enum [enumValueAdded]"])
        #expect(changes.first?.new == #""toaster""#)
    }

    @Test("a changed type", arguments: [
        ("/components/schemas/OvenState/properties/currentTemperature/type", JSONValue.string("number"), false,
         ["breaking \(ovenResponse) → /properties/currentTemperature/type [typeChanged]",
          "breaking \(powerResponse) → /properties/currentTemperature/type [typeChanged]"]),
        // Read backwards: the old contract had number, the new one integer.
        ("/paths/~1devices~1{deviceId}~1history/get/parameters/0/schema/type", JSONValue.string("number"), true,
         ["breaking GET /devices/{deviceId}/history → query limit → /type [typeChanged]"]),
        ("/components/schemas/DeviceInfo/properties/name/type", JSONValue.string("object"), false,
         ["breaking GET /devices → 200 → /items/properties/name/type [typeChanged]"]),
    ])
    func typeChanged(_ location: String, _ type: JSONValue, _ reversed: Bool, _ expected: [String]) throws {
        let changes = try openAPIChanges(reversed: reversed) { editing($0, at: location, to: type) }
        #expect(summaries(changes) == expected)
    }

    @Test("integer → number is reported with both types")
    func integerToNumberWording() throws {
        let changes = try openAPIChanges {
            editing($0, at: "/paths/~1devices~1{deviceId}~1history/get/parameters/0/schema/type", to: "number")
        }
        #expect(changes.map(\.description) == ["BREAKING  GET /devices/{deviceId}/history → query limit → /type: integer → number"])
    }

    @Test("a new required request field")
    func requiredRequestFieldAdded() throws {
        let changes = try openAPIChanges {
            let added = editing($0, at: "/components/schemas/OvenPowerRequest/properties/force", to: ["type": "boolean"])
            return editing(added, at: "/components/schemas/OvenPowerRequest/required", to: ["isOn", "force"])
        }
        #expect(summaries(changes) == ["breaking \(powerRequest) → /properties/force [requiredPropertyAdded]"])
    }

    @Test("an optional request field becoming required")
    func requestFieldBecameRequired() throws {
        let changes = try openAPIChanges { editing($0, at: "/components/schemas/OvenPowerRequest/required", to: ["isOn", "compartment"]) }
        #expect(summaries(changes) == ["breaking \(powerRequest) → /properties/compartment [becameRequired]"])
        #expect(changes.first?.old == "optional")
        #expect(changes.first?.new == "required")
    }

    @Test("an optional query parameter becoming required")
    func parameterBecameRequired() throws {
        let changes = try openAPIChanges {
            editing($0, at: "/paths/~1devices~1{deviceId}~1oven/get/parameters/0/required", to: true)
        }
        #expect(summaries(changes) == ["breaking GET /devices/{deviceId}/oven → query compartment [becameRequired]"])
    }

    @Test("a narrowed range", arguments: [
        ("/paths/~1devices~1{deviceId}~1history/get/parameters/0/schema/maximum", JSONValue.int(50),
         "GET /devices/{deviceId}/history → query limit → /maximum"),
        ("/paths/~1devices~1{deviceId}~1history/get/parameters/0/schema/minimum", JSONValue.int(2),
         "GET /devices/{deviceId}/history → query limit → /minimum"),
        ("/components/schemas/DeviceInfo/properties/id/minLength", JSONValue.int(3),
         "GET /devices → 200 → /items/properties/id/minLength"),
        ("/components/schemas/DeviceInfo/properties/name/maxLength", JSONValue.int(40),
         "GET /devices → 200 → /items/properties/name/maxLength"),
    ])
    func rangeNarrowed(_ location: String, _ bound: JSONValue, _ expected: String) throws {
        let changes = try openAPIChanges { editing($0, at: location, to: bound) }
        #expect(summaries(changes) == ["breaking \(expected) [rangeNarrowed]"])
    }

    @Test("a lowered maximum in a response reads old → new")
    func maximumLoweredWording() throws {
        let changes = try openAPIChanges { editing($0, at: "/components/schemas/OvenState/properties/targetTemperature/maximum", to: 500) }
        #expect(changes.map(\.description) == [
            "BREAKING  \(ovenResponse) → /properties/targetTemperature/maximum: 550 → 500",
            "BREAKING  \(powerResponse) → /properties/targetTemperature/maximum: 550 → 500",
        ])
    }

    @Test("nullability of a response field changing in either direction", arguments: [
        ("/components/schemas/OvenState/properties/cycle/type", JSONValue.string("string"), "cycle", "string or null", "string"),
        ("/components/schemas/OvenState/properties/currentTemperature/type", JSONValue.array(["integer", "null"]), "currentTemperature",
         "integer", "integer or null"),
    ])
    func nullabilityChanged(_ location: String, _ type: JSONValue, _ field: String, _ old: String, _ new: String) throws {
        let changes = try openAPIChanges { editing($0, at: location, to: type) }
        #expect(summaries(changes) == [
            "breaking \(ovenResponse) → /properties/\(field)/type [nullabilityChanged]",
            "breaking \(powerResponse) → /properties/\(field)/type [nullabilityChanged]",
        ])
        #expect(changes.first?.old == old)
        #expect(changes.first?.new == new)
    }

    @Test("a response field that stops being required")
    func responseFieldBecameOptional() throws {
        let changes = try openAPIChanges {
            editing($0, at: "/components/schemas/OvenState/required", to: ["isOn", "targetTemperature", "currentTemperature", "lastUpdated"])
        }
        #expect(summaries(changes) == [
            "breaking \(ovenResponse) → /properties/mode [becameOptional]",
            "breaking \(powerResponse) → /properties/mode [becameOptional]",
        ])
    }

    @Test("a new success status on an existing operation")
    func successStatusAdded() throws {
        let changes = try openAPIChanges {
            editing($0, at: "/paths/~1devices~1{deviceId}~1oven~1power/post/responses/202", to: ["description": "Queued."])
        }
        #expect(summaries(changes) == ["breaking POST /devices/{deviceId}/oven/power → 202 [responseAdded]"])
    }

    @Test("a removed WebSocket message type")
    func messageRemoved() throws {
        let changes = try asyncAPIChanges {
            let trimmed = editing($0, at: "/channels/liveUpdates/messages/fridgeState", to: nil)
            return editing(trimmed, at: "/operations/sendStateUpdates/messages/1", to: nil)
        }
        #expect(summaries(changes) == ["breaking /ws → fridgeState [messageRemoved]"])
        #expect(changes.first?.description == #"BREAKING  /ws → fridgeState: "fridge" → absent"#)
    }

    @Test("a changed discriminator value of a WebSocket message")
    func discriminatorValueChanged() throws {
        let changes = try asyncAPIChanges {
            editing($0, at: "/components/schemas/OvenStateMessage/properties/deviceType/const", to: "stove")
        }
        #expect(changes.map(\.description) == [#"BREAKING  /ws → ovenState → /properties/deviceType/const: "oven" → "stove""#])
        #expect(changes.first?.kind == .discriminatorChanged)
    }

    @Test("a field removed inside a WebSocket message payload")
    func payloadFieldRemoved() throws {
        let changes = try asyncAPIChanges {
            editing($0, at: "/components/schemas/OvenStateMessage/properties/state/properties/targetTemperature", to: nil)
        }
        #expect(summaries(changes) == ["breaking /ws → ovenState → /properties/state/properties/targetTemperature [propertyRemoved]"])
    }
}
