import HTTPWire
import HarnessCore

/// An API route recognised from a request's path, before its method is checked.
enum Route: Equatable {
    case login, logout, devices, liveUpdates
    case oven(deviceID: String, action: String?)
    case fridge(deviceID: String, action: String?)
    case dishwasher(deviceID: String, action: String?)
    case iceMaker(deviceID: String, action: String?)
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
            case ["oven"]: self = .oven(deviceID: id, action: nil)
            case ["oven", "power"], ["oven", "temperature"], ["oven", "mode"]: self = .oven(deviceID: id, action: rest[1])
            case ["fridge"]: self = .fridge(deviceID: id, action: nil)
            case ["fridge", "temperature"]: self = .fridge(deviceID: id, action: "temperature")
            case ["fridge", "freezer", "temperature"]: self = .fridge(deviceID: id, action: "freezer")
            case ["dishwasher"]: self = .dishwasher(deviceID: id, action: nil)
            case ["dishwasher", "start"], ["dishwasher", "stop"]: self = .dishwasher(deviceID: id, action: rest[1])
            case ["icemaker"]: self = .iceMaker(deviceID: id, action: nil)
            case ["icemaker", "power"], ["icemaker", "rate"]: self = .iceMaker(deviceID: id, action: rest[1])
            default: return nil
            }
        }
    }

    /// The one method this route answers (HEAD is served wherever GET is).
    var allowedMethod: HTTPMethod? {
        switch self {
        case .login, .logout: .post
        case .devices, .liveUpdates: .get
        case .oven(_, let action), .fridge(_, let action), .dishwasher(_, let action), .iceMaker(_, let action):
            action == nil ? .get : .post
        case .control: nil
        }
    }
}
