import HarnessCore
import Testing
@testable import KitchenContracts

@Suite("AsyncAPI contract loading and message checks")
struct AsyncAPIContractTests {
    @Test("channels, messages, payload schemas and operations are read")
    func structure() throws {
        let contract = try AsyncAPIContract(document: MiniContracts.asyncAPI)
        let channel = try #require(contract.channel("/ws"))
        #expect(channel.id == "liveUpdates")
        #expect(channel.messages.map(\.key) == ["ovenState", "fridgeState"])
        #expect(channel.messages.map(\.name) == ["ovenState", "fridgeState"])
        #expect(channel.discriminator == "deviceType")
        #expect(channel.messages.map(\.discriminatorValue) == ["oven", "fridge"])
        // The Multi Format Schema Object form is unwrapped to its schema.
        #expect(channel.messages[1].payload?.schemaPath == "#/components/messages/FridgeStateMessage/payload/schema")
        #expect(contract.operations.map(\.id) == ["sendStateUpdates"])
        #expect(contract.operations[0].action == .send)
        #expect(contract.operations[0].messageKeys == ["ovenState", "fridgeState"])
        #expect(contract.unresolvedReferences() == [])
    }

    @Test("a payload is checked against the message its discriminator value selects")
    func selectsMessage() throws {
        let contract = try AsyncAPIContract(document: MiniContracts.asyncAPI)
        let good = contract.validateMessage(
            json(#"{"type": "state", "deviceId": "f1", "deviceType": "fridge", "state": {"isDoorOpen": false}}"#), onChannel: "/ws")
        #expect(good.isValid)
        #expect(good.message?.key == "fridgeState")
        let bad = contract.validateMessage(
            json(#"{"type": "state", "deviceId": "o1", "deviceType": "oven", "state": {"isOn": true, "targetTemperature": 600}}"#),
            onChannel: "liveUpdates")
        #expect(bad.message?.key == "ovenState")
        #expect(bad.violations.map(\.description) == ["/state/targetTemperature: expected integer ≤ 550, found 600"])
    }

    @Test("an unknown discriminator value is reported as an unknown message type with the value")
    func unknownType() throws {
        let contract = try AsyncAPIContract(document: MiniContracts.asyncAPI)
        let outcome = contract.validateMessage(json(#"{"type": "state", "deviceType": "toaster"}"#), onChannel: "/ws")
        #expect(outcome.message == nil)
        #expect(!outcome.isValid)
        #expect(outcome.violations.map(\.description) == [
            #"/deviceType: expected a known message type (one of "oven", "fridge"), found unknown message type "toaster""#,
        ])
        #expect(outcome.violations.first?.keyword == "message")
    }

    @Test("without a shared discriminator the first message the payload satisfies is taken")
    func noDiscriminator() throws {
        let document = editing(
            editing(MiniContracts.asyncAPI, at: "/components/schemas/OvenStateMessage/properties/deviceType", to: ["type": "string"]),
            at: "/components/schemas/FridgeStateMessage/properties/deviceType", to: ["type": "string"])
        let contract = try AsyncAPIContract(document: document)
        #expect(contract.channel("/ws")?.discriminator == nil)
        let fridge = contract.validateMessage(
            json(#"{"type": "state", "deviceId": "f", "deviceType": "x", "state": {"isDoorOpen": true}}"#), onChannel: "/ws")
        #expect(fridge.message?.key == "fridgeState")
        let neither = contract.validateMessage(json(#"{"type": "state", "deviceId": "f", "deviceType": "x", "state": {}}"#), onChannel: "/ws")
        #expect(neither.violations.first?.description == "(root): expected one of 2 messages (ovenState, fridgeState), found matches none of 2")
    }

    @Test("an unknown channel is one violation naming it")
    func unknownChannel() throws {
        let contract = try AsyncAPIContract(document: MiniContracts.asyncAPI)
        #expect(contract.validateMessage([:], onChannel: "/nope").violations.map(\.found) == [#"unknown channel "/nope""#])
    }

    @Test("an operation whose message is not in its channel fails loading")
    func foreignMessage() {
        let broken = editing(MiniContracts.asyncAPI, at: "/operations/sendStateUpdates/messages/0",
                             to: ["$ref": "#/components/messages/OvenStateMessage"])
        #expect(throws: ContractError(file: "<inline>", pointer: pointer("/operations/sendStateUpdates/messages/0"),
                                      reason: .malformedDocument("an operation's messages must be messages of its channel liveUpdates"))) {
            try AsyncAPIContract(document: broken)
        }
    }
}
