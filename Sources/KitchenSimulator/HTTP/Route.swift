import HTTPWire
import HarnessCore

/// An API route recognised from a request's path, before its method is checked.
enum Route: Equatable {
    case login, logout, devices, liveUpdates
    /// A device's state (`action` nil) or one of its commands.
    case device(DeviceKind, id: String, action: String?)
    case control([String])

    /// The route for `path`, or `nil` (404). Segments are percent-decoded.
    init?(path: String, controlsEnabled: Bool) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { PercentEncoding.decodeReplacingInvalidUTF8($0) }
        switch segments {
        case ["auth", "login"]: self = .login
        case ["auth", "logout"]: self = .logout
        case ["devices"]: self = .devices
        case ["ws"]: self = .liveUpdates
        default:
            if controlsEnabled, segments.first == "_sim" {
                self = .control(Array(segments.dropFirst()))
                return
            }
            guard segments.count >= 3, segments.count <= 5, segments[0] == "devices", !segments[1].isEmpty else { return nil }
            let id = segments[1]
            let rest = Array(segments[2...])
            switch rest {
            case ["oven"]: self = .device(.oven, id: id, action: nil)
            case ["oven", "power"], ["oven", "temperature"], ["oven", "mode"]: self = .device(.oven, id: id, action: rest[1])
            case ["fridge"]: self = .device(.fridge, id: id, action: nil)
            case ["fridge", "temperature"]: self = .device(.fridge, id: id, action: "temperature")
            case ["fridge", "freezer", "temperature"]: self = .device(.fridge, id: id, action: "freezer")
            case ["dishwasher"]: self = .device(.dishwasher, id: id, action: nil)
            case ["dishwasher", "start"], ["dishwasher", "stop"]: self = .device(.dishwasher, id: id, action: rest[1])
            case ["icemaker"]: self = .device(.iceMaker, id: id, action: nil)
            case ["icemaker", "power"], ["icemaker", "rate"]: self = .device(.iceMaker, id: id, action: rest[1])
            default: return nil
            }
        }
    }

    /// The one method this route answers (HEAD is served wherever GET is).
    var allowedMethod: HTTPMethod? {
        switch self {
        case .login, .logout: .post
        case .devices, .liveUpdates: .get
        case .device(_, _, let action): action == nil ? .get : .post
        case .control: nil
        }
    }
}
