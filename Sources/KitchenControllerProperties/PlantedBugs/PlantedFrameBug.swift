import KitchenAPI

/// Deliberately broken frame readers the live-frame property must catch, each
/// wrapping the shipped `StateMessage.decode(text:)`.
///
/// ```swift
/// LiveFrameProperties.framesAreReadAsAPIMdSays(PlantedFrameBug.acceptsQuotedNumbers.decode)
/// ```
public enum PlantedFrameBug: String, Hashable, Sendable, CaseIterable {
    /// Numbers sent as strings are taken as numbers (a mistyped state is shown).
    case acceptsQuotedNumbers
    /// A device type the client does not know is called malformed, not unknown.
    case unknownDeviceTypeIsMalformed

    /// The broken reader.
    public var decode: @Sendable (String) -> IncomingMessage {
        switch self {
        case .acceptsQuotedNumbers:
            { text in StateMessage.decode(text: text.replacing(/"(\d+)"/) { String($0.1) }) }
        case .unknownDeviceTypeIsMalformed:
            { text in
                let message = StateMessage.decode(text: text)
                if case .unknown("state", _) = message { return .malformed(reason: "unknown device type") }
                return message
            }
        }
    }
}
