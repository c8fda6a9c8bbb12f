import Foundation
import HarnessCore
import KitchenAPI
import Testing

@Suite("Model coding")
struct ModelCodingTests {
    @Test("OvenState encodes to the exact API JSON with millisecond dates and sorted keys")
    func ovenStateExactJSON() throws {
        #expect(try encodedText(Samples.oven) == #"""
            {"currentTemperature":410,"isOn":true,"lastUpdated":"2026-11-20T10:15:30.123Z","mode":"convect","targetTemperature":425}
            """#)
    }

    @Test("FridgeState always writes doorOpenedAt, as null when the door is closed")
    func fridgeDoorOpenedAtNull() throws {
        var closed = Samples.fridge
        closed.doorOpenedAt = nil
        closed.isDoorOpen = false
        #expect(try encodedText(closed) == #"""
            {"currentTemperature":38,"doorOpenedAt":null,"freezerCurrentTemperature":1,"freezerTargetTemperature":-2,"isDoorOpen":false,"lastUpdated":"2026-11-20T10:15:30.999Z","targetTemperature":36}
            """#)
        #expect(try json(encodedText(Samples.fridge))["doorOpenedAt"] == "2026-11-20T10:14:00.007Z")
    }

    @Test("DishwasherState always writes cycle, as null when idle")
    func dishwasherCycleNull() throws {
        #expect(try encodedText(DishwasherState.defaultDishwasherState) == #"""
            {"cycle":null,"lastUpdated":"2026-01-15T08:00:00.000Z","remainingMinutes":0,"status":"idle"}
            """#)
    }

    @Test("DeviceInfo omits compartments when nil and writes them when present")
    func deviceCompartmentsOmitted() throws {
        let single = DeviceInfo(id: "o", name: "Oven", type: .oven, model: "M", isOnline: true)
        #expect(try encodedText(single) == #"{"id":"o","isOnline":true,"model":"M","name":"Oven","type":"oven"}"#)
        let double = DeviceInfo(
            id: "o2", name: "Wall", type: .oven, model: "M", isOnline: true,
            compartments: [Compartment(key: "upper", label: "Upper")])
        #expect(try json(encodedText(double))["compartments"] == [["key": "upper", "label": "Upper"]])
    }

    @Test("Every model survives an encode/decode round trip exactly", arguments: [
        AnyModel(Samples.oven), AnyModel(Samples.fridge), AnyModel(Samples.dishwasher), AnyModel(Samples.iceMaker),
        AnyModel(Samples.login), AnyModel(DeviceInfo.defaultDevices), AnyModel(Samples.devices),
        AnyModel(FridgeState.defaultFridgeState), AnyModel(DishwasherState.defaultDishwasherState),
    ])
    func roundTrip(model: AnyModel) throws {
        #expect(try model.roundTrips())
    }

    @Test("Dates keep their exact milliseconds through a round trip", arguments: [
        "1970-01-01T00:00:00.000Z", "2026-11-20T10:15:30.001Z", "2026-11-20T10:15:30.999Z",
        "2099-12-31T23:59:59.500Z", "1969-12-31T23:59:59.999Z",
    ])
    func dateMilliseconds(text: String) throws {
        let body = #"{"isOn":false,"productionRate":"low","binLevel":0,"isBinFull":false,"lastUpdated":"\#(text)"}"#
        let state = try decode(IceMakerState.self, from: body)
        #expect(try json(encodedText(state))["lastUpdated"] == .string(text))
    }

    @Test("Decoding tolerates unknown fields at every level")
    func unknownFieldsTolerated() throws {
        let body = #"""
            [{"id":"d","name":"N","type":"oven","model":"M","isOnline":true,"firmware":"2.1",
              "compartments":[{"key":"upper","label":"Upper","capacity":3}]}]
            """#
        let devices = try decode([DeviceInfo].self, from: body)
        #expect(devices == [DeviceInfo(
            id: "d", name: "N", type: .oven, model: "M", isOnline: true,
            compartments: [Compartment(key: "upper", label: "Upper")])])
        let oven = try decode(OvenState.self, from: #"""
            {"isOn":true,"targetTemperature":350,"currentTemperature":300,"mode":"bake",
             "lastUpdated":"2026-11-20T10:15:30.123Z","probeTemperature":120}
            """#)
        #expect(oven.targetTemperature == 350)
    }

    @Test("An unknown device type decodes as .other and encodes back unchanged")
    func unknownDeviceType() throws {
        let device = try decode(
            DeviceInfo.self, from: #"{"id":"t","name":"T","type":"toaster","model":"M","isOnline":true}"#)
        #expect(device.type == .other("toaster"))
        #expect(!device.isSupported)
        #expect(try json(encodedText(device))["type"] == "toaster")
        #expect(DeviceKind(rawValue: "ice_maker") == .iceMaker)
        #expect(DeviceKind.other("oven") == .oven)
        #expect(Set([DeviceKind.other("fridge"), .fridge]).count == 1)
    }

    @Test("A T|null field that is missing is a decoding error naming the key", arguments: [
        (#"{"status":"idle","remainingMinutes":0,"lastUpdated":"2026-01-15T08:00:00.000Z"}"#, "cycle"),
        (#"""
            {"targetTemperature":37,"currentTemperature":37,"freezerTargetTemperature":0,"freezerCurrentTemperature":0,
             "isDoorOpen":false,"lastUpdated":"2026-01-15T08:00:00.000Z"}
            """#, "doorOpenedAt"),
    ])
    func missingNullableIsError(body: String, key: String) throws {
        let error = try #require(throws: DecodingError.self) {
            if key == "cycle" {
                _ = try decode(DishwasherState.self, from: body)
            } else {
                _ = try decode(FridgeState.self, from: body)
            }
        }
        guard case .keyNotFound(let missing, _) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(missing.stringValue == key)
        guard case .decoding(let path, _) = AppError.from(error) else {
            Issue.record("expected a decoding error")
            return
        }
        #expect(path == key)
    }

    @Test("A null T|null field decodes as nil")
    func nullDecodesAsNil() throws {
        let state = try decode(DishwasherState.self, from: #"""
            {"status":"idle","cycle":null,"remainingMinutes":0,"lastUpdated":"2026-01-15T08:00:00.000Z"}
            """#)
        #expect(state == .defaultDishwasherState)
    }

    @Test("A date that is not RFC 3339 is a decoding error at its path")
    func badDate() throws {
        let error = try #require(throws: DecodingError.self) {
            _ = try decode(OvenState.self, from: #"""
                {"isOn":true,"targetTemperature":1,"currentTemperature":1,"mode":"bake","lastUpdated":"yesterday"}
                """#)
        }
        guard case .decoding(let path, _) = AppError.from(error) else {
            Issue.record("expected a decoding error")
            return
        }
        #expect(path == "lastUpdated")
    }

    @Test("Device convenience flags follow type and compartments")
    func deviceFlags() {
        let devices = DeviceInfo.defaultDevices
        #expect(devices.map(\.isDoubleOven) == [true, false, false, false, false])
        #expect(devices.map(\.isOven) == [true, true, false, false, false])
        #expect(devices.filter(\.isFridge).count == 1)
        #expect(devices.filter(\.isDishwasher).count == 1)
        #expect(devices.filter(\.isIceMaker).count == 1)
        #expect(devices[0].compartments?.map(\.key) == ["upper", "lower"])
    }
}

/// A model packaged for parameterized round-trip tests.
struct AnyModel: Sendable, CustomTestStringConvertible {
    let name: String
    let roundTrips: @Sendable () throws -> Bool

    init<Model: Codable & Equatable & Sendable>(_ model: Model) {
        name = String(describing: Model.self)
        roundTrips = {
            let data = try KitchenJSON.makeEncoder().encode(model)
            return try KitchenJSON.makeDecoder().decode(Model.self, from: data) == model
        }
    }

    var testDescription: String { name }
}
