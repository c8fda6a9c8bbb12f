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
/// let call = RecordedCall(entry)            // .setOvenPower(SetOvenPowerCall(deviceId: "oven-1", compartment: nil, isOn: true))
/// let outcome = await call?.invoke(on: mock)
/// ```
public enum RecordedCall: Sendable, Hashable {
    /// `login(username:password:)`.
    case login(LoginCall)
    /// `logout()`.
    case logout
    /// `fetchDevices()`.
    case fetchDevices
    /// `getOvenState(deviceId:compartment:)`.
    case getOvenState(OvenCall)
    /// `setOvenPower(deviceId:compartment:isOn:)`.
    case setOvenPower(SetOvenPowerCall)
    /// `setOvenTemperature(deviceId:compartment:temperature:)`.
    case setOvenTemperature(SetOvenTemperatureCall)
    /// `setOvenMode(deviceId:compartment:mode:)`.
    case setOvenMode(SetOvenModeCall)
    /// `getFridgeState(deviceId:)`.
    case getFridgeState(DeviceCall)
    /// `setFridgeTemperature(deviceId:temperature:)`.
    case setFridgeTemperature(SetTemperatureCall)
    /// `setFreezerTemperature(deviceId:temperature:)`.
    case setFreezerTemperature(SetTemperatureCall)
    /// `getDishwasherState(deviceId:)`.
    case getDishwasherState(DeviceCall)
    /// `startDishwasher(deviceId:cycle:)`.
    case startDishwasher(StartDishwasherCall)
    /// `stopDishwasher(deviceId:)`.
    case stopDishwasher(DeviceCall)
    /// `getIceMakerState(deviceId:)`.
    case getIceMakerState(DeviceCall)
    /// `setIceMakerPower(deviceId:isOn:)`.
    case setIceMakerPower(SetIceMakerPowerCall)
    /// `setIceMakerRate(deviceId:rate:)`.
    case setIceMakerRate(SetIceMakerRateCall)

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
        let fields = RecordedFields(body)
        let id = route.deviceId ?? ""
        switch route.operation {
        case .login:
            guard let username = fields.string("username"), let password = fields.string("password"),
                  fields.only(["username", "password"]) else { return nil }
            self = .login(LoginCall(username: username, password: password))
        case .logout: guard body.isEmpty else { return nil }; self = .logout
        case .listDevices: guard body.isEmpty else { return nil }; self = .fetchDevices
        case .getOvenState: guard body.isEmpty else { return nil }; self = .getOvenState(OvenCall(deviceId: id, compartment: compartmentQuery))
        case .setOvenPower:
            guard let isOn = fields.bool("isOn"), let compartment = fields.optionalString("compartment"),
                  fields.only(["isOn", "compartment"]) else { return nil }
            self = .setOvenPower(SetOvenPowerCall(deviceId: id, compartment: compartment, isOn: isOn))
        case .setOvenTemperature:
            guard let temperature = fields.int("targetTemperature"), let compartment = fields.optionalString("compartment"),
                  fields.only(["targetTemperature", "compartment"]) else { return nil }
            self = .setOvenTemperature(SetOvenTemperatureCall(deviceId: id, compartment: compartment, temperature: temperature))
        case .setOvenMode:
            guard let mode = fields.string("mode"), let compartment = fields.optionalString("compartment"),
                  fields.only(["mode", "compartment"]) else { return nil }
            self = .setOvenMode(SetOvenModeCall(deviceId: id, compartment: compartment, mode: mode))
        case .getFridgeState: guard body.isEmpty else { return nil }; self = .getFridgeState(DeviceCall(deviceId: id))
        case .setFridgeTemperature, .setFreezerTemperature:
            guard let temperature = fields.int("temperature"), fields.only(["temperature"]) else { return nil }
            let call = SetTemperatureCall(deviceId: id, temperature: temperature)
            self = route.operation == .setFridgeTemperature ? .setFridgeTemperature(call) : .setFreezerTemperature(call)
        case .getDishwasherState: guard body.isEmpty else { return nil }; self = .getDishwasherState(DeviceCall(deviceId: id))
        case .startDishwasher:
            guard let cycle = fields.string("cycle"), fields.only(["cycle"]) else { return nil }
            self = .startDishwasher(StartDishwasherCall(deviceId: id, cycle: cycle))
        case .stopDishwasher: guard body.isEmpty else { return nil }; self = .stopDishwasher(DeviceCall(deviceId: id))
        case .getIceMakerState: guard body.isEmpty else { return nil }; self = .getIceMakerState(DeviceCall(deviceId: id))
        case .setIceMakerPower:
            guard let isOn = fields.bool("isOn"), fields.only(["isOn"]) else { return nil }
            self = .setIceMakerPower(SetIceMakerPowerCall(deviceId: id, isOn: isOn))
        case .setIceMakerRate:
            guard let rate = fields.string("rate"), fields.only(["rate"]) else { return nil }
            self = .setIceMakerRate(SetIceMakerRateCall(deviceId: id, rate: rate))
        case .openLiveUpdates: return nil
        }
    }

    /// The protocol method called.
    public var method: APIMethod {
        switch self {
        case .login: .login
        case .logout: .logout
        case .fetchDevices: .fetchDevices
        case .getOvenState: .getOvenState
        case .setOvenPower: .setOvenPower
        case .setOvenTemperature: .setOvenTemperature
        case .setOvenMode: .setOvenMode
        case .getFridgeState: .getFridgeState
        case .setFridgeTemperature: .setFridgeTemperature
        case .setFreezerTemperature: .setFreezerTemperature
        case .getDishwasherState: .getDishwasherState
        case .startDishwasher: .startDishwasher
        case .stopDishwasher: .stopDishwasher
        case .getIceMakerState: .getIceMakerState
        case .setIceMakerPower: .setIceMakerPower
        case .setIceMakerRate: .setIceMakerRate
        }
    }

    /// The operation called: the one ``APIMethod`` declares for the method.
    public var operation: APIOperation { method.operation }

    /// A typical call of `method`, with valid arguments (a single oven, an `eco` cycle …).
    public static func sample(_ method: APIMethod) -> RecordedCall {
        let id = "device-1"
        switch method {
        case .login: return .login(LoginCall(username: "demo", password: "demo"))
        case .logout: return .logout
        case .fetchDevices: return .fetchDevices
        case .getOvenState: return .getOvenState(OvenCall(deviceId: id, compartment: nil))
        case .setOvenPower: return .setOvenPower(SetOvenPowerCall(deviceId: id, compartment: nil, isOn: true))
        case .setOvenTemperature: return .setOvenTemperature(SetOvenTemperatureCall(deviceId: id, compartment: nil, temperature: 350))
        case .setOvenMode: return .setOvenMode(SetOvenModeCall(deviceId: id, compartment: nil, mode: "bake"))
        case .getFridgeState: return .getFridgeState(DeviceCall(deviceId: id))
        case .setFridgeTemperature: return .setFridgeTemperature(SetTemperatureCall(deviceId: id, temperature: 37))
        case .setFreezerTemperature: return .setFreezerTemperature(SetTemperatureCall(deviceId: id, temperature: 0))
        case .getDishwasherState: return .getDishwasherState(DeviceCall(deviceId: id))
        case .startDishwasher: return .startDishwasher(StartDishwasherCall(deviceId: id, cycle: "eco"))
        case .stopDishwasher: return .stopDishwasher(DeviceCall(deviceId: id))
        case .getIceMakerState: return .getIceMakerState(DeviceCall(deviceId: id))
        case .setIceMakerPower: return .setIceMakerPower(SetIceMakerPowerCall(deviceId: id, isOn: true))
        case .setIceMakerRate: return .setIceMakerRate(SetIceMakerRateCall(deviceId: id, rate: "low"))
        }
    }

    /// Makes the call on `api` through the protocol, as app code would.
    public func invoke(on api: any APIServiceProtocol) async -> Result<ClientValue, AppError> {
        do {
            switch self {
            case .login(let c): return .success(.login(try await api.login(username: c.username, password: c.password)))
            case .logout: try await api.logout(); return .success(.none)
            case .fetchDevices: return .success(.devices(try await api.fetchDevices()))
            case .getOvenState(let c): return .success(.oven(try await api.getOvenState(deviceId: c.deviceId, compartment: c.compartment)))
            case .setOvenPower(let c):
                return .success(.oven(try await api.setOvenPower(deviceId: c.deviceId, compartment: c.compartment, isOn: c.isOn)))
            case .setOvenTemperature(let c):
                return .success(.oven(try await api.setOvenTemperature(
                    deviceId: c.deviceId, compartment: c.compartment, temperature: c.temperature)))
            case .setOvenMode(let c):
                return .success(.oven(try await api.setOvenMode(deviceId: c.deviceId, compartment: c.compartment, mode: c.mode)))
            case .getFridgeState(let c): return .success(.fridge(try await api.getFridgeState(deviceId: c.deviceId)))
            case .setFridgeTemperature(let c):
                return .success(.fridge(try await api.setFridgeTemperature(deviceId: c.deviceId, temperature: c.temperature)))
            case .setFreezerTemperature(let c):
                return .success(.fridge(try await api.setFreezerTemperature(deviceId: c.deviceId, temperature: c.temperature)))
            case .getDishwasherState(let c): return .success(.dishwasher(try await api.getDishwasherState(deviceId: c.deviceId)))
            case .startDishwasher(let c):
                return .success(.dishwasher(try await api.startDishwasher(deviceId: c.deviceId, cycle: c.cycle)))
            case .stopDishwasher(let c): return .success(.dishwasher(try await api.stopDishwasher(deviceId: c.deviceId)))
            case .getIceMakerState(let c): return .success(.iceMaker(try await api.getIceMakerState(deviceId: c.deviceId)))
            case .setIceMakerPower(let c):
                return .success(.iceMaker(try await api.setIceMakerPower(deviceId: c.deviceId, isOn: c.isOn)))
            case .setIceMakerRate(let c):
                return .success(.iceMaker(try await api.setIceMakerRate(deviceId: c.deviceId, rate: c.rate)))
            }
        } catch {
            return .failure(AppError.from(error) ?? .transport(description: "cancelled"))
        }
    }

    /// What the recording says the call returns: the client's decoding of a 2xx body, or the
    /// `AppError` the client makes of any other status.
    public static func recordedOutcome(of entry: HAR.Entry, for operation: APIOperation) -> Result<ClientValue, AppError> {
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

    init(_ object: JSONObject) { self.object = object }

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
