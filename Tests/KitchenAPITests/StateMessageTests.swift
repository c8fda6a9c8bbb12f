import Foundation
import HarnessCore
import KitchenAPI
import Testing

@Suite("WebSocket envelope")
struct StateMessageTests {
    static let sentAt = "2026-11-20T10:15:31.250Z"

    static func envelope(deviceType: String, compartment: String = "null", state: String) -> String {
        #"{"type":"state","deviceId":"dev/1","deviceType":"\#(deviceType)","compartment":\#(compartment),"state":\#(state),"sentAt":"\#(sentAt)"}"#
    }

    @Test("Each known device type decodes into its typed update", arguments: [
        (DeviceUpdate.oven(Samples.oven), "oven"),
        (DeviceUpdate.fridge(Samples.fridge), "fridge"),
        (DeviceUpdate.dishwasher(Samples.dishwasher), "dishwasher"),
        (DeviceUpdate.iceMaker(Samples.iceMaker), "ice_maker"),
    ])
    func decodesEachDeviceType(update: DeviceUpdate, wireType: String) throws {
        let stateJSON: String
        switch update {
        case .oven(let state): stateJSON = try encodedText(state)
        case .fridge(let state): stateJSON = try encodedText(state)
        case .dishwasher(let state): stateJSON = try encodedText(state)
        case .iceMaker(let state): stateJSON = try encodedText(state)
        }
        let text = Self.envelope(deviceType: wireType, state: stateJSON)
        #expect(StateMessage.decode(text: text) == .state(StateMessage(
            deviceId: "dev/1", compartment: nil, sentAt: apiDate(Self.sentAt), update: update)))
        #expect(update.deviceKind.rawValue == wireType)
    }

    @Test("A compartment string is carried; unknown envelope fields are ignored")
    func compartmentAndUnknownFields() throws {
        let text = #"""
            {"type":"state","deviceId":"o","deviceType":"oven","compartment":"upper",
             "state":\#(try encodedText(Samples.oven)),"sentAt":"\#(Self.sentAt)","seq":17}
            """#
        guard case .state(let message) = StateMessage.decode(text: text) else {
            Issue.record("expected a state message")
            return
        }
        #expect(message.compartment == "upper")
        #expect(message.update == .oven(Samples.oven))
    }

    @Test("A state message encodes to the envelope, compartment null when nil, and decodes back")
    func encodesEnvelope() throws {
        let message = StateMessage(deviceId: "i", sentAt: apiDate(Self.sentAt), update: .iceMaker(Samples.iceMaker))
        let text = try encodedText(message)
        #expect(try json(text) == json(Self.envelope(deviceType: "ice_maker", state: try encodedText(Samples.iceMaker))
            .replacingOccurrences(of: "dev/1", with: "i")))
        #expect(StateMessage.decode(text: text) == .state(message))
        #expect(try decode(StateMessage.self, from: text) == message)
    }

    @Test("Another message type or device type is unknown, not malformed")
    func unknownMessages() {
        #expect(StateMessage.decode(text: #"{"type":"hello","server":"v2"}"#)
            == .unknown(type: "hello", deviceType: nil))
        #expect(StateMessage.decode(text: #"{"type":"alert","deviceType":"oven"}"#)
            == .unknown(type: "alert", deviceType: "oven"))
        #expect(StateMessage.decode(text: Self.envelope(deviceType: "toaster", state: #"{"slots":2}"#))
            == .unknown(type: "state", deviceType: "toaster"))
    }

    @Test("Broken frames are malformed with a reason naming the path", arguments: [
        ("not json", ""),
        ("[1,2]", ""),
        (#"{"deviceId":"x"}"#, "type"),
        (StateMessageTests.envelope(deviceType: "oven", state: #"{"isOn":true}"#), "state.targetTemperature"),
        (StateMessageTests.envelope(deviceType: "fridge", state: #"{"targetTemperature":"cold"}"#), "state.targetTemperature"),
        (#"""
            {"type":"state","deviceId":"x","deviceType":"dishwasher","sentAt":"2026-01-15T08:00:00.000Z",
             "state":{"status":"idle","cycle":null,"remainingMinutes":0,"lastUpdated":"2026-01-15T08:00:00.000Z"}}
            """#, "compartment"),
        (StateMessageTests.envelope(deviceType: "dishwasher", state: #"""
            {"status":"paused","cycle":null,"remainingMinutes":0,"lastUpdated":"2026-01-15T08:00:00.000Z"}
            """#), "state.status"),
    ])
    func malformed(text: String, path: String) {
        guard case .malformed(let reason) = StateMessage.decode(text: text) else {
            Issue.record("expected malformed for \(text)")
            return
        }
        #expect(!reason.isEmpty)
        if !path.isEmpty { #expect(reason.hasPrefix("\(path): "), "reason: \(reason)") }
    }

    @Test("Decoding StateMessage directly rejects a non-state message")
    func directDecodeRejectsUnknown() {
        #expect(throws: DecodingError.self) {
            _ = try decode(StateMessage.self, from: #"{"type":"hello"}"#)
        }
    }
}
