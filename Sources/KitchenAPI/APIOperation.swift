/// Every operation of the Kitchen API, named by its contract `operationId`
/// (Contracts/openapi and asyncapi), with the method and path API.md gives it.
///
/// Recordings, the contract checker and the mock all key on these, so a new
/// route is one new case here that the compiler then asks everyone to handle.
///
/// ```swift
/// APIOperation.setOvenPower.pathTemplate   // "/devices/{deviceId}/oven/power"
/// ```
public enum APIOperation: String, CaseIterable, Hashable, Sendable {
    /// `POST /auth/login`
    case login
    /// `POST /auth/logout`
    case logout
    /// `GET /devices`
    case listDevices
    /// `GET /devices/{deviceId}/oven[?compartment=K]`
    case getOvenState
    /// `POST /devices/{deviceId}/oven/power`
    case setOvenPower
    /// `POST /devices/{deviceId}/oven/temperature`
    case setOvenTemperature
    /// `POST /devices/{deviceId}/oven/mode`
    case setOvenMode
    /// `GET /devices/{deviceId}/fridge`
    case getFridgeState
    /// `POST /devices/{deviceId}/fridge/temperature`
    case setFridgeTemperature
    /// `POST /devices/{deviceId}/fridge/freezer/temperature`
    case setFreezerTemperature
    /// `GET /devices/{deviceId}/dishwasher`
    case getDishwasherState
    /// `POST /devices/{deviceId}/dishwasher/start`
    case startDishwasher
    /// `POST /devices/{deviceId}/dishwasher/stop`
    case stopDishwasher
    /// `GET /devices/{deviceId}/icemaker`
    case getIceMakerState
    /// `POST /devices/{deviceId}/icemaker/power`
    case setIceMakerPower
    /// `POST /devices/{deviceId}/icemaker/rate`
    case setIceMakerRate
    /// `GET /ws`, upgraded to a WebSocket.
    case openLiveUpdates

    /// The HTTP method.
    public var method: String { route.method }

    /// The path with `{deviceId}` where the device id goes, as in the OpenAPI document.
    public var pathTemplate: String { route.path }

    /// The method and path of each operation, as API.md gives them.
    private var route: (method: String, path: String) {
        switch self {
        case .login: ("POST", "/auth/login")
        case .logout: ("POST", "/auth/logout")
        case .listDevices: ("GET", "/devices")
        case .getOvenState: ("GET", "/devices/{deviceId}/oven")
        case .setOvenPower: ("POST", "/devices/{deviceId}/oven/power")
        case .setOvenTemperature: ("POST", "/devices/{deviceId}/oven/temperature")
        case .setOvenMode: ("POST", "/devices/{deviceId}/oven/mode")
        case .getFridgeState: ("GET", "/devices/{deviceId}/fridge")
        case .setFridgeTemperature: ("POST", "/devices/{deviceId}/fridge/temperature")
        case .setFreezerTemperature: ("POST", "/devices/{deviceId}/fridge/freezer/temperature")
        case .getDishwasherState: ("GET", "/devices/{deviceId}/dishwasher")
        case .startDishwasher: ("POST", "/devices/{deviceId}/dishwasher/start")
        case .stopDishwasher: ("POST", "/devices/{deviceId}/dishwasher/stop")
        case .getIceMakerState: ("GET", "/devices/{deviceId}/icemaker")
        case .setIceMakerPower: ("POST", "/devices/{deviceId}/icemaker/power")
        case .setIceMakerRate: ("POST", "/devices/{deviceId}/icemaker/rate")
        case .openLiveUpdates: ("GET", "/ws")
        }
    }

    /// Whether the route needs `Authorization: Bearer TOKEN` (every route but login).
    public var requiresAuthorization: Bool { self != .login }

    /// The status of a successful answer: 204 for logout, 101 for the
    /// WebSocket upgrade, 200 otherwise.
    public var successStatus: Int {
        switch self {
        case .logout: 204
        case .openLiveUpdates: 101
        default: 200
        }
    }

    /// Whether the request carries a JSON body (logout and dishwasher stop have none).
    public var hasRequestBody: Bool {
        method == "POST" && self != .logout && self != .stopDishwasher
    }
}
