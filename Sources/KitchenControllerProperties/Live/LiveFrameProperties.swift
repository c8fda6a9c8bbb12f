import KitchenAPI
import KitchenTesting

/// How live-update frames are read: a valid state message becomes a state for
/// its device; a mistyped or incomplete one is malformed; an unknown message or
/// device type is unknown. Neither reaches a controller as a state.
public enum LiveFrameProperties {
    /// The decoder under test: `StateMessage.decode(text:)` unless a test plants another.
    public typealias Decoder = @Sendable (String) -> IncomingMessage

    /// The reference outcome's kind: `state DEVICETYPE`, `malformed`, or `unknown TYPE DEVICETYPE`.
    public static func expectedKind(_ frame: LiveFrame) -> String {
        switch frame.fault {
        case .none: "state \(frame.deviceType)"
        case .mistypedField, .missingField, .numericDeviceId: "malformed"
        case .unknownType(let type): "unknown \(type) \(frame.deviceType)"
        case .unknownDeviceType(let kind): "unknown state \(kind)"
        }
    }

    /// The kind of what `message` is, in ``expectedKind(_:)``'s words.
    public static func kind(_ message: IncomingMessage) -> String {
        switch message {
        case .state(let state): "state \(state.update.deviceKind)"
        case .malformed: "malformed"
        case .unknown(let type, let deviceType): "unknown \(type) \(deviceType ?? "nil")"
        }
    }

    /// For any frame: it is read as the reference says, and a state keeps its device id.
    public static func framesAreReadAsAPIMdSays(
        _ decode: @escaping Decoder = { StateMessage.decode(text: $0) }
    ) -> ControllerProperty<LiveFrame> {
        ControllerProperty(name: "live frames: state, malformed or unknown", generator: LiveFrame.generator) { frame in
            let message = decode(frame.text)
            try expectEqual(kind(message), expectedKind(frame), "what the frame is read as")
            if case .state(let state) = message {
                try expectEqual(state.deviceId, "\(frame.deviceType)-1", "device id")
            }
        }
    }
}
