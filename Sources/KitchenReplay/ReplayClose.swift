import HTTPWire
import KitchenRecording

/// How replay ends a conversation on the wire for a recorded close, so that it never sends a
/// close code RFC 6455 forbids, whatever the HAR holds (another tool's file, an edited one).
///
/// | recorded code                                        | on the wire                                    |
/// |------------------------------------------------------|------------------------------------------------|
/// | 1000–1003, 1007–1014, 3000–4999                      | a close frame with that code and the reason    |
/// | 1005 (no status received)                            | a close frame without a code (§5.5.1), as sent |
/// | none, 1006 (abnormal closure), 1015 (TLS failure)    | the connection dropped without a close frame   |
/// | 0–999, 1004, 1016–2999, 5000 and above, negative     | 1011 (internal error), the reason kept         |
///
/// 1005, 1006 and 1015 are never sent (§7.4.1): they are what an endpoint *reports* when the
/// peer sent a close without a code, or none at all, so replay reproduces that situation.
/// Codes outside the ranges §7.4.2 and the IANA registry allow cannot have been sent by a
/// valid peer; 1011 says the server ended the connection for a reason the recording cannot
/// express.
///
/// ```swift
/// ReplayClose(HAR.WebSocketClose(code: 1005, reason: "", closedBy: .server))   // .frameWithoutCode
/// ```
public enum ReplayClose: Sendable, Hashable {
    /// A close frame with this code (valid on the wire) and reason.
    case frame(code: UInt16, reason: String)
    /// A close frame with an empty payload.
    case frameWithoutCode
    /// The TCP connection closed with no close frame.
    case drop

    /// The code sent in place of one that may not be sent.
    public static let substituteCode: UInt16 = 1011

    /// What replay sends for `close`.
    public init(_ close: HAR.WebSocketClose) {
        guard let code = close.code else {
            self = .drop
            return
        }
        switch code {
        case 1005:
            self = .frameWithoutCode
        case 1006, 1015:
            self = .drop
        default:
            if let wire = UInt16(exactly: code), WebSocketCloseCode(rawValue: wire).isValidOnWire {
                self = .frame(code: wire, reason: close.reason)
            } else {
                self = .frame(code: Self.substituteCode, reason: close.reason)
            }
        }
    }
}
