import KitchenAPI

/// A call made on any `APIServiceProtocol`, as app code makes it, with its answer as one
/// comparable ``ClientValue``; and a typical call of each method, for checks that call them all.
///
/// ```swift
/// let answer = await APICall.sample(.fetchDevices).invoke(on: MockAPIService())   // .success(.devices(…))
/// ```
extension APICall {
    /// A typical call of `method`, with valid arguments (a single oven, an `eco` cycle …).
    public static func sample(_ method: APIMethod) -> APICall {
        let id = "device-1"
        switch method {
        case .login: return .login(username: "demo", password: "demo")
        case .logout: return .logout
        case .fetchDevices: return .fetchDevices
        case .getOvenState: return .getOvenState(deviceId: id, compartment: nil)
        case .setOvenPower: return .setOvenPower(deviceId: id, compartment: nil, isOn: true)
        case .setOvenTemperature: return .setOvenTemperature(deviceId: id, compartment: nil, temperature: 350)
        case .setOvenMode: return .setOvenMode(deviceId: id, compartment: nil, mode: "bake")
        case .getFridgeState: return .getFridgeState(deviceId: id)
        case .setFridgeTemperature: return .setFridgeTemperature(deviceId: id, temperature: 37)
        case .setFreezerTemperature: return .setFreezerTemperature(deviceId: id, temperature: 0)
        case .getDishwasherState: return .getDishwasherState(deviceId: id)
        case .startDishwasher: return .startDishwasher(deviceId: id, cycle: "eco")
        case .stopDishwasher: return .stopDishwasher(deviceId: id)
        case .getIceMakerState: return .getIceMakerState(deviceId: id)
        case .setIceMakerPower: return .setIceMakerPower(deviceId: id, isOn: true)
        case .setIceMakerRate: return .setIceMakerRate(deviceId: id, rate: "low")
        }
    }

    /// Makes the call on `api` through the protocol, as app code would.
    public func invoke(on api: any APIServiceProtocol) async -> Result<ClientValue, AppError> {
        do {
            switch self {
            case .login(let username, let password): return .success(.login(try await api.login(username: username, password: password)))
            case .logout: try await api.logout(); return .success(.none)
            case .fetchDevices: return .success(.devices(try await api.fetchDevices()))
            case .getOvenState(let id, let compartment):
                return .success(.oven(try await api.getOvenState(deviceId: id, compartment: compartment)))
            case .setOvenPower(let id, let compartment, let isOn):
                return .success(.oven(try await api.setOvenPower(deviceId: id, compartment: compartment, isOn: isOn)))
            case .setOvenTemperature(let id, let compartment, let temperature):
                return .success(.oven(try await api.setOvenTemperature(deviceId: id, compartment: compartment, temperature: temperature)))
            case .setOvenMode(let id, let compartment, let mode):
                return .success(.oven(try await api.setOvenMode(deviceId: id, compartment: compartment, mode: mode)))
            case .getFridgeState(let id): return .success(.fridge(try await api.getFridgeState(deviceId: id)))
            case .setFridgeTemperature(let id, let temperature):
                return .success(.fridge(try await api.setFridgeTemperature(deviceId: id, temperature: temperature)))
            case .setFreezerTemperature(let id, let temperature):
                return .success(.fridge(try await api.setFreezerTemperature(deviceId: id, temperature: temperature)))
            case .getDishwasherState(let id): return .success(.dishwasher(try await api.getDishwasherState(deviceId: id)))
            case .startDishwasher(let id, let cycle): return .success(.dishwasher(try await api.startDishwasher(deviceId: id, cycle: cycle)))
            case .stopDishwasher(let id): return .success(.dishwasher(try await api.stopDishwasher(deviceId: id)))
            case .getIceMakerState(let id): return .success(.iceMaker(try await api.getIceMakerState(deviceId: id)))
            case .setIceMakerPower(let id, let isOn): return .success(.iceMaker(try await api.setIceMakerPower(deviceId: id, isOn: isOn)))
            case .setIceMakerRate(let id, let rate): return .success(.iceMaker(try await api.setIceMakerRate(deviceId: id, rate: rate)))
            }
        } catch {
            return .failure(AppError.from(error) ?? .transport(description: "cancelled"))
        }
    }
}
