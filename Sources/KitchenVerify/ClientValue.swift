import Foundation
import HarnessCore
import KitchenAPI

/// What one `APIServiceProtocol` call returns, as one comparable value: the check that the
/// mock answers like the recording compares these.
public enum ClientValue: Sendable, Hashable, CustomStringConvertible {
    /// No value (`logout`).
    case none
    /// `login`.
    case login(LoginResponse)
    /// `fetchDevices`.
    case devices([DeviceInfo])
    /// The oven routes.
    case oven(OvenState)
    /// The fridge routes.
    case fridge(FridgeState)
    /// The dishwasher routes.
    case dishwasher(DishwasherState)
    /// The ice-maker routes.
    case iceMaker(IceMakerState)

    /// A 2xx body of `operation` decoded with the client's own decoder (`KitchenJSON`).
    public static func decode(_ body: Data, for operation: APIOperation) throws -> ClientValue {
        let decoder = KitchenJSON.makeDecoder()
        switch operation {
        case .login: return .login(try decoder.decode(LoginResponse.self, from: body))
        case .logout, .openLiveUpdates: return .none
        case .listDevices: return .devices(try decoder.decode([DeviceInfo].self, from: body))
        case .getOvenState, .setOvenPower, .setOvenTemperature, .setOvenMode:
            return .oven(try decoder.decode(OvenState.self, from: body))
        case .getFridgeState, .setFridgeTemperature, .setFreezerTemperature:
            return .fridge(try decoder.decode(FridgeState.self, from: body))
        case .getDishwasherState, .startDishwasher, .stopDishwasher:
            return .dishwasher(try decoder.decode(DishwasherState.self, from: body))
        case .getIceMakerState, .setIceMakerPower, .setIceMakerRate:
            return .iceMaker(try decoder.decode(IceMakerState.self, from: body))
        }
    }

    /// The value wrapped, for calls answered by `Any` (the mock's type-erased default results).
    public init?(_ value: any Sendable) {
        switch value {
        case is Void: self = .none
        case let login as LoginResponse: self = .login(login)
        case let devices as [DeviceInfo]: self = .devices(devices)
        case let oven as OvenState: self = .oven(oven)
        case let fridge as FridgeState: self = .fridge(fridge)
        case let dishwasher as DishwasherState: self = .dishwasher(dishwasher)
        case let iceMaker as IceMakerState: self = .iceMaker(iceMaker)
        default: return nil
        }
    }

    /// The value wrapped, as a stub of ``MockAPIService`` holds it (`()` for ``none``).
    public var value: any Sendable {
        switch self {
        case .none: ()
        case .login(let value): value
        case .devices(let value): value
        case .oven(let value): value
        case .fridge(let value): value
        case .dishwasher(let value): value
        case .iceMaker(let value): value
        }
    }

    /// The value encoded with the client's own encoder (`KitchenJSON`), as JSON; `nil` for ``none``.
    public func encoded() throws -> JSONValue? {
        guard let encodable = value as? any Encodable else { return nil }
        return try JSONValue(parsing: Array(try KitchenJSON.makeEncoder().encode(encodable)))
    }

    public var description: String {
        switch self {
        case .none: "no value"
        case .devices(let value): "\(value.count) device(s)"
        default: "\(value)"
        }
    }
}

/// Client decoding failures in the harness's words: the JSON pointer of the offending member.
enum DecodingFailure {
    /// `/response/body/0/type` for a failure at coding path `[0, type]` under `base`.
    static func pointer(of error: any Error, under base: JSONPointer) -> JSONPointer {
        guard let decoding = error as? DecodingError else { return base }
        var path: [any CodingKey]
        switch decoding {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default: path = []
        }
        return JSONPointer(tokens: base.tokens + path.map { $0.intValue.map(String.init) ?? $0.stringValue })
    }

    /// The decoder's explanation without Foundation's boilerplate.
    static func reason(of error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .keyNotFound(let key, _): return "missing required member \"\(key.stringValue)\""
        case .typeMismatch(let type, let context): return "not a \(type): \(context.debugDescription)"
        case .valueNotFound(let type, _): return "null where a \(type) is required"
        case .dataCorrupted(let context): return context.debugDescription
        @unknown default: return "\(decoding)"
        }
    }
}
