import Foundation
import HarnessCore
import KitchenAPI
import Synchronization

/// A date from its API text; fails the test loudly on a typo.
func apiDate(_ text: String) -> Date {
    guard let date = Timestamp.date(from: text) else { fatalError("Bad test timestamp \(text)") }
    return date
}

/// Parses JSON bytes strictly, so bodies compare by meaning (member order ignored).
func json(_ data: Data?) throws -> JSONValue {
    try JSONValue(parsing: Array(data ?? Data()))
}

/// Parses JSON text strictly.
func json(_ text: String) throws -> JSONValue {
    try JSONValue(parsing: text)
}

/// Encodes `value` with the API encoder as text (keys sorted).
func encodedText(_ value: some Encodable) throws -> String {
    String(decoding: try KitchenJSON.makeEncoder().encode(value), as: UTF8.self)
}

/// Decodes `text` with the API decoder.
func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
    try KitchenJSON.makeDecoder().decode(Value.self, from: Data(text.utf8))
}

/// Sample states with millisecond timestamps, distinct from the mock defaults.
enum Samples {
    static let oven = OvenState(
        isOn: true, targetTemperature: 425, currentTemperature: 410, mode: "convect",
        lastUpdated: apiDate("2026-11-20T10:15:30.123Z"))
    static let fridge = FridgeState(
        targetTemperature: 36, currentTemperature: 38, freezerTargetTemperature: -2, freezerCurrentTemperature: 1,
        isDoorOpen: true, doorOpenedAt: apiDate("2026-11-20T10:14:00.007Z"),
        lastUpdated: apiDate("2026-11-20T10:15:30.999Z"))
    static let dishwasher = DishwasherState(
        status: .running, cycle: "eco", remainingMinutes: 179, lastUpdated: apiDate("2026-11-20T10:15:30.010Z"))
    static let iceMaker = IceMakerState(
        isOn: true, productionRate: "high", binLevel: 97, isBinFull: false,
        lastUpdated: apiDate("2026-11-20T10:15:31.000Z"))
    static let login = LoginResponse(
        token: "tok-alice", expiresAt: apiDate("2026-11-20T11:15:30.123Z"),
        user: User(id: "u-2", username: "alice"))
    static let devices = [
        DeviceInfo(id: "d-1", name: "Oven", type: .oven, model: "X1", isOnline: false),
        DeviceInfo(id: "d-2", name: "Toaster", type: .other("toaster"), model: "T", isOnline: true),
    ]
}
