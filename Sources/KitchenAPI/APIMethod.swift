/// Every requirement of ``APIServiceProtocol``, named by its Swift signature, with the
/// contract operation it calls: the declared mapping from the app's API surface to
/// `Contracts/kitchen.openapi.json`.
///
/// The mapping is one-to-one: each method calls exactly one operation, and no two methods
/// call the same one. `kitchen verify` holds the table to that: it calls each method through
/// the protocol on a mock, checks the call lands on the operation named here, and checks the
/// operation exists in the contract. A requirement added to the protocol needs a case here
/// (a unit test compares this list with the protocol's source), named after its operation
/// (a unit test checks that every method has an operation of its own).
///
/// ```swift
/// APIMethod.fetchDevices.rawValue    // "fetchDevices()"
/// APIMethod.fetchDevices.operation   // .listDevices
/// ```
public enum APIMethod: String, CaseIterable, Hashable, Sendable {
    /// `login(username:password:)`
    case login = "login(username:password:)"
    /// `logout()`
    case logout = "logout()"
    /// `fetchDevices()`
    case fetchDevices = "fetchDevices()"
    /// `getOvenState(deviceId:compartment:)`
    case getOvenState = "getOvenState(deviceId:compartment:)"
    /// `setOvenPower(deviceId:compartment:isOn:)`
    case setOvenPower = "setOvenPower(deviceId:compartment:isOn:)"
    /// `setOvenTemperature(deviceId:compartment:temperature:)`
    case setOvenTemperature = "setOvenTemperature(deviceId:compartment:temperature:)"
    /// `setOvenMode(deviceId:compartment:mode:)`
    case setOvenMode = "setOvenMode(deviceId:compartment:mode:)"
    /// `getFridgeState(deviceId:)`
    case getFridgeState = "getFridgeState(deviceId:)"
    /// `setFridgeTemperature(deviceId:temperature:)`
    case setFridgeTemperature = "setFridgeTemperature(deviceId:temperature:)"
    /// `setFreezerTemperature(deviceId:temperature:)`
    case setFreezerTemperature = "setFreezerTemperature(deviceId:temperature:)"
    /// `getDishwasherState(deviceId:)`
    case getDishwasherState = "getDishwasherState(deviceId:)"
    /// `startDishwasher(deviceId:cycle:)`
    case startDishwasher = "startDishwasher(deviceId:cycle:)"
    /// `stopDishwasher(deviceId:)`
    case stopDishwasher = "stopDishwasher(deviceId:)"
    /// `getIceMakerState(deviceId:)`
    case getIceMakerState = "getIceMakerState(deviceId:)"
    /// `setIceMakerPower(deviceId:isOn:)`
    case setIceMakerPower = "setIceMakerPower(deviceId:isOn:)"
    /// `setIceMakerRate(deviceId:rate:)`
    case setIceMakerRate = "setIceMakerRate(deviceId:rate:)"

    /// The contract operation (`operationId`) the method calls: the operation named as the
    /// method is, except `fetchDevices()`, which calls `listDevices`.
    public var operation: APIOperation {
        if self == .fetchDevices { return .listDevices }
        guard let operation = APIOperation(rawValue: String(rawValue.prefix { $0 != "(" })) else {
            preconditionFailure("\(rawValue) is named after no operation")
        }
        return operation
    }
}
