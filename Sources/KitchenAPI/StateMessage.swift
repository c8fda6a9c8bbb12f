import Foundation

/// A new state for one device, as the server pushes it over the WebSocket.
///
/// On the wire it is the `state` envelope of API.md:
/// `{"type":"state","deviceId":…,"deviceType":…,"compartment":str|null,"state":…,"sentAt":…}`;
/// `deviceType` is carried by ``update``. Decode frames with
/// ``decode(text:)``, which never throws.
///
/// ```swift
/// if case .state(let message) = StateMessage.decode(text: frame),
///    case .oven(let oven) = message.update {
///     ovens[message.deviceId] = oven
/// }
/// ```
public struct StateMessage: Equatable, Hashable, Sendable {
    /// The device whose state changed.
    public var deviceId: String
    /// The oven compartment (`upper`, `lower`) for a double oven; `nil` otherwise.
    public var compartment: String?
    /// When the server sent the message.
    public var sentAt: Date
    /// The new state, typed by device.
    public var update: DeviceUpdate

    /// A state message.
    public init(deviceId: String, compartment: String? = nil, sentAt: Date, update: DeviceUpdate) {
        self.deviceId = deviceId
        self.compartment = compartment
        self.sentAt = sentAt
        self.update = update
    }

    /// Decodes one text frame. Never throws: anything that is not a readable
    /// `state` message comes back as ``IncomingMessage/unknown(type:deviceType:)``
    /// or ``IncomingMessage/malformed(reason:)`` so the socket loop can count it and go on.
    public static func decode(text: String) -> IncomingMessage {
        decode(data: Data(text.utf8))
    }

    /// Decodes one frame's UTF-8 bytes (see ``decode(text:)``).
    public static func decode(data: Data) -> IncomingMessage {
        do {
            return try KitchenJSON.sharedDecoder.decode(IncomingMessage.self, from: data)
        } catch let error as DecodingError {
            return .malformed(reason: DecodingErrorSummary(error).text)
        } catch {
            return .malformed(reason: String(describing: error))
        }
    }
}

/// A device's new state, one case per device type the client knows.
public enum DeviceUpdate: Equatable, Hashable, Sendable {
    /// An oven's (or oven compartment's) state.
    case oven(OvenState)
    /// A fridge's state.
    case fridge(FridgeState)
    /// A dishwasher's state.
    case dishwasher(DishwasherState)
    /// An ice maker's state.
    case iceMaker(IceMakerState)

    /// The envelope's `deviceType` for this update.
    public var deviceKind: DeviceKind {
        switch self {
        case .oven: .oven
        case .fridge: .fridge
        case .dishwasher: .dishwasher
        case .iceMaker: .iceMaker
        }
    }
}

/// What one WebSocket text frame turned out to be.
public enum IncomingMessage: Equatable, Hashable, Sendable {
    /// A readable `state` message for a known device type.
    case state(StateMessage)
    /// Well-formed, but a message type or device type this client does not
    /// know (additive server changes must not break the client).
    case unknown(type: String, deviceType: String?)
    /// Not JSON, or a `state` message missing a field or with a wrong type;
    /// `reason` names the path and the problem.
    case malformed(reason: String)
}

enum EnvelopeKeys: String, CodingKey {
    case type, deviceId, deviceType, compartment, state, sentAt
}

extension IncomingMessage: Decodable {
    /// Reads the envelope once: the type and device type pick the state's shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: EnvelopeKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        guard type == "state" else {
            self = .unknown(type: type, deviceType: try? container.decodeIfPresent(String.self, forKey: .deviceType))
            return
        }
        let kind = try container.decode(DeviceKind.self, forKey: .deviceType)
        let update: DeviceUpdate
        switch kind {
        case .oven: update = .oven(try container.decode(OvenState.self, forKey: .state))
        case .fridge: update = .fridge(try container.decode(FridgeState.self, forKey: .state))
        case .dishwasher: update = .dishwasher(try container.decode(DishwasherState.self, forKey: .state))
        case .iceMaker: update = .iceMaker(try container.decode(IceMakerState.self, forKey: .state))
        case .other(let raw):
            self = .unknown(type: type, deviceType: raw)
            return
        }
        self = .state(StateMessage(
            deviceId: try container.decode(String.self, forKey: .deviceId),
            compartment: try container.decode(RequiredNullable<String>.self, forKey: .compartment).wrappedValue,
            sentAt: try container.decode(Date.self, forKey: .sentAt),
            update: update))
    }
}

extension StateMessage: Codable {
    /// Decodes a `state` envelope; anything else (another type, an unknown
    /// device type) is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        switch try IncomingMessage(from: decoder) {
        case .state(let message):
            self = message
        case .unknown(let type, let deviceType):
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "Not a state message for a known device: type \(type), "
                    + "deviceType \(deviceType ?? "none")."))
        case .malformed(let reason):
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: reason))
        }
    }

    /// Encodes the wire envelope, with `"type":"state"` and `compartment` always present (`null` when nil).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EnvelopeKeys.self)
        try container.encode("state", forKey: .type)
        try container.encode(deviceId, forKey: .deviceId)
        try container.encode(update.deviceKind, forKey: .deviceType)
        try container.encode(RequiredNullable(wrappedValue: compartment), forKey: .compartment)
        switch update {
        case .oven(let state): try container.encode(state, forKey: .state)
        case .fridge(let state): try container.encode(state, forKey: .state)
        case .dishwasher(let state): try container.encode(state, forKey: .state)
        case .iceMaker(let state): try container.encode(state, forKey: .state)
        }
        try container.encode(sentAt, forKey: .sentAt)
    }
}
