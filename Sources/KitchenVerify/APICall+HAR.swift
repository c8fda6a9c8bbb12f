import Foundation
import HarnessCore
import KitchenAPI
import KitchenRecording

/// A recorded HTTP exchange read back as the `APIServiceProtocol` call that makes it: the
/// operation from the route, the device id from the path, the compartment from the query,
/// the arguments from the JSON body. Requests the typed client could never send (a body with
/// members it does not have, or of the wrong type) have no call.
///
/// ```swift
/// let call = APICall(entry)            // .setOvenPower(deviceId: "oven-1", compartment: nil, isOn: true)
/// let outcome = await call?.invoke(on: mock)
/// ```
extension APICall {
    /// The call that made `entry`'s request, recorded under `basePath` (see
    /// ``LoadedRecording/basePath``); `nil` for WebSocket entries and requests the client cannot make.
    public init?(_ entry: HAR.Entry, basePath: String = "") {
        guard !entry.isWebSocket, let route = APIRoute(entry.request, basePath: basePath) else { return nil }
        let query = entry.request.queryItems
        let body: JSONObject
        switch try? entry.request.bodyJSON {
        case .object(let object)?: body = object
        case nil: body = [:]
        default: return nil
        }
        let compartmentQuery = query.first { $0.name == "compartment" }?.value
        guard query.allSatisfy({ $0.name == "compartment" }),
              compartmentQuery == nil || route.operation == .getOvenState else { return nil }
        let fields = RecordedFields(object: body)
        let id = route.deviceId ?? ""
        switch route.operation {
        case .login:
            guard let username = fields.string("username"), let password = fields.string("password"),
                  fields.only(["username", "password"]) else { return nil }
            self = .login(username: username, password: password)
        case .logout: guard body.isEmpty else { return nil }; self = .logout
        case .listDevices: guard body.isEmpty else { return nil }; self = .fetchDevices
        case .getOvenState: guard body.isEmpty else { return nil }; self = .getOvenState(deviceId: id, compartment: compartmentQuery)
        case .setOvenPower:
            guard let isOn = fields.bool("isOn"), let compartment = fields.optionalString("compartment"),
                  fields.only(["isOn", "compartment"]) else { return nil }
            self = .setOvenPower(deviceId: id, compartment: compartment, isOn: isOn)
        case .setOvenTemperature:
            guard let temperature = fields.int("targetTemperature"), let compartment = fields.optionalString("compartment"),
                  fields.only(["targetTemperature", "compartment"]) else { return nil }
            self = .setOvenTemperature(deviceId: id, compartment: compartment, temperature: temperature)
        case .setOvenMode:
            guard let mode = fields.string("mode"), let compartment = fields.optionalString("compartment"),
                  fields.only(["mode", "compartment"]) else { return nil }
            self = .setOvenMode(deviceId: id, compartment: compartment, mode: mode)
        case .getFridgeState: guard body.isEmpty else { return nil }; self = .getFridgeState(deviceId: id)
        case .setFridgeTemperature, .setFreezerTemperature:
            guard let temperature = fields.int("temperature"), fields.only(["temperature"]) else { return nil }
            self = route.operation == .setFridgeTemperature
                ? .setFridgeTemperature(deviceId: id, temperature: temperature)
                : .setFreezerTemperature(deviceId: id, temperature: temperature)
        case .getDishwasherState: guard body.isEmpty else { return nil }; self = .getDishwasherState(deviceId: id)
        case .startDishwasher:
            guard let cycle = fields.string("cycle"), fields.only(["cycle"]) else { return nil }
            self = .startDishwasher(deviceId: id, cycle: cycle)
        case .stopDishwasher: guard body.isEmpty else { return nil }; self = .stopDishwasher(deviceId: id)
        case .getIceMakerState: guard body.isEmpty else { return nil }; self = .getIceMakerState(deviceId: id)
        case .setIceMakerPower:
            guard let isOn = fields.bool("isOn"), fields.only(["isOn"]) else { return nil }
            self = .setIceMakerPower(deviceId: id, isOn: isOn)
        case .setIceMakerRate:
            guard let rate = fields.string("rate"), fields.only(["rate"]) else { return nil }
            self = .setIceMakerRate(deviceId: id, rate: rate)
        case .openLiveUpdates: return nil
        }
    }

    /// What `entry` says this call returns: the client's decoding of a 2xx body for the
    /// call's operation, or the `AppError` the client makes of any other status.
    public func recordedOutcome(of entry: HAR.Entry) -> Result<ClientValue, AppError> {
        let body = Data((try? entry.response.bodyBytes) ?? [])
        guard (200..<300).contains(entry.response.status) else {
            return .failure(AppError.from(status: entry.response.status, body: body))
        }
        do {
            return .success(try ClientValue.decode(body, for: operation))
        } catch {
            return .failure(AppError.from(error) ?? .transport(description: "\(error)"))
        }
    }
}

/// Typed reads of a request body's members; a member of the wrong type reads as missing.
private struct RecordedFields {
    let object: JSONObject

    func string(_ key: String) -> String? { object[key]?.stringValue }
    func bool(_ key: String) -> Bool? { object[key]?.boolValue }
    func int(_ key: String) -> Int? { object[key]?.intValue }

    /// `.some(nil)` when absent, `.some(text)` for a string, `nil` (unreadable) for anything else.
    func optionalString(_ key: String) -> String?? {
        guard let value = object[key] else { return .some(nil) }
        return value.stringValue.map { .some($0) }
    }

    /// Whether every member is one of `keys`.
    func only(_ keys: Set<String>) -> Bool { object.keys.allSatisfy(keys.contains) }
}
