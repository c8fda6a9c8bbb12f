/// One call to ``APIServiceProtocol`` with its arguments: the method's name is the case,
/// its argument labels the associated values' labels.
///
/// ``MockAPIService`` records every call it answers as one of these, and a result can be
/// scripted for one exact call; `kitchen verify` reads a recorded HTTP exchange back as
/// the call that makes it.
///
/// ```swift
/// let call = APICall.setOvenPower(deviceId: "oven-1", compartment: nil, isOn: true)
/// call.method      // .setOvenPower
/// call.operation   // .setOvenPower
/// ```
public enum APICall: Hashable, Sendable {
    /// `login(username:password:)`.
    case login(username: String, password: String)
    /// `logout()`.
    case logout
    /// `fetchDevices()`.
    case fetchDevices
    /// `getOvenState(deviceId:compartment:)`; `compartment` is set for a double oven.
    case getOvenState(deviceId: String, compartment: String?)
    /// `setOvenPower(deviceId:compartment:isOn:)`.
    case setOvenPower(deviceId: String, compartment: String?, isOn: Bool)
    /// `setOvenTemperature(deviceId:compartment:temperature:)`, the target in °F.
    case setOvenTemperature(deviceId: String, compartment: String?, temperature: Int)
    /// `setOvenMode(deviceId:compartment:mode:)`.
    case setOvenMode(deviceId: String, compartment: String?, mode: String)
    /// `getFridgeState(deviceId:)`.
    case getFridgeState(deviceId: String)
    /// `setFridgeTemperature(deviceId:temperature:)`, the target in °F.
    case setFridgeTemperature(deviceId: String, temperature: Int)
    /// `setFreezerTemperature(deviceId:temperature:)`, the target in °F.
    case setFreezerTemperature(deviceId: String, temperature: Int)
    /// `getDishwasherState(deviceId:)`.
    case getDishwasherState(deviceId: String)
    /// `startDishwasher(deviceId:cycle:)`.
    case startDishwasher(deviceId: String, cycle: String)
    /// `stopDishwasher(deviceId:)`.
    case stopDishwasher(deviceId: String)
    /// `getIceMakerState(deviceId:)`.
    case getIceMakerState(deviceId: String)
    /// `setIceMakerPower(deviceId:isOn:)`.
    case setIceMakerPower(deviceId: String, isOn: Bool)
    /// `setIceMakerRate(deviceId:rate:)`.
    case setIceMakerRate(deviceId: String, rate: String)

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

    /// The contract operation called: the one ``APIMethod/operation`` declares for the method.
    public var operation: APIOperation { method.operation }
}
