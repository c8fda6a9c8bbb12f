import KitchenAPI

/// Everything the controllers tell telemetry, in enough detail to rebuild a
/// timeline of a session (the `kitchen reproduce` command prints one).
///
/// Each case has a stable one-line ``description``:
///
/// ```swift
/// LogEvent.doorAlertRaised(deviceId: "fridge-1", openFor: .seconds(60)).description
/// // "door alert raised: fridge-1 open for 60000 ms"
/// ```
public enum LogEvent: Hashable, Sendable, CustomStringConvertible {
    /// `GET /devices` answered with `count` devices.
    case devicesLoaded(count: Int)
    /// `GET /devices` failed.
    case devicesLoadFailed(AppError)
    /// A WebSocket `state` message arrived for a device.
    case liveMessageReceived(deviceType: DeviceKind, device: DeviceKey)
    /// A controller stored a new state for a device.
    case stateApplied(deviceType: DeviceKind, device: DeviceKey, source: StateSource)
    /// A command went to the API.
    case commandSent(DeviceCommand, device: DeviceKey)
    /// The API confirmed a command.
    case commandSucceeded(DeviceCommand, device: DeviceKey)
    /// The API refused a command, or it never got an answer.
    case commandFailed(DeviceCommand, device: DeviceKey, error: AppError)
    /// A command's task was cancelled before its answer; nothing is shown.
    case commandCancelled(DeviceCommand, device: DeviceKey)
    /// The re-authentication gate stopped a call before it reached the API.
    case commandBlocked(operation: String)
    /// A fridge door has been open for at least the alert threshold.
    case doorAlertRaised(deviceId: String, openFor: Duration)
    /// The door of a fridge with a raised alert closed.
    case doorAlertCleared(deviceId: String)
    /// A dishwasher went from running to complete.
    case cycleCompleted(deviceId: String, cycle: String?)
    /// An ice maker's bin went from not full to full.
    case binFull(deviceId: String)
    /// The session must sign in again; commands are held back until it does.
    case reauthenticationRequired(ReauthenticationTrigger)
    /// A sign-in succeeded and cleared the re-authentication requirement.
    case loginSucceeded(username: String)
    /// A sign-in failed.
    case loginFailed(AppError)
    /// The live-update socket opened (`attempt` 0 on the first try).
    case connectionConnected(attempt: Int)
    /// The live-update socket closed or could not be opened.
    case connectionDisconnected(code: Int?, reason: String)
    /// Waiting `delay` before reconnect attempt `attempt`.
    case connectionReconnecting(attempt: Int, delay: Duration)
    /// The live-update stream ended (stopped, or out of reconnect attempts).
    case connectionEnded
    /// A WebSocket frame could not be used (malformed, unknown type, unknown device).
    case unreadableMessage(reason: String)

    /// One line, stable across runs.
    public var description: String {
        switch self {
        case .devicesLoaded(let count):
            "devices loaded: \(count)"
        case .devicesLoadFailed(let error):
            "devices load failed: \(error)"
        case .liveMessageReceived(let kind, let device):
            "live message: \(kind) \(device)"
        case .stateApplied(let kind, let device, let source):
            "state applied: \(kind) \(device) from \(source.rawValue)"
        case .commandSent(let command, let device):
            "command sent: \(command) to \(device)"
        case .commandSucceeded(let command, let device):
            "command succeeded: \(command) to \(device)"
        case .commandFailed(let command, let device, let error):
            "command failed: \(command) to \(device): \(error)"
        case .commandCancelled(let command, let device):
            "command cancelled: \(command) to \(device)"
        case .commandBlocked(let operation):
            "command blocked until sign-in: \(operation)"
        case .doorAlertRaised(let deviceId, let openFor):
            "door alert raised: \(deviceId) open for \(openFor.wholeMilliseconds) ms"
        case .doorAlertCleared(let deviceId):
            "door alert cleared: \(deviceId)"
        case .cycleCompleted(let deviceId, let cycle):
            "cycle completed: \(deviceId) \(cycle ?? "(no cycle)")"
        case .binFull(let deviceId):
            "bin full: \(deviceId)"
        case .reauthenticationRequired(let trigger):
            "re-authentication required: \(trigger.rawValue)"
        case .loginSucceeded(let username):
            "login succeeded: \(username)"
        case .loginFailed(let error):
            "login failed: \(error)"
        case .connectionConnected(let attempt):
            "connection connected (attempt \(attempt))"
        case .connectionDisconnected(let code, let reason):
            "connection disconnected: \(code.map(String.init) ?? "no code")" + (reason.isEmpty ? "" : " \(reason)")
        case .connectionReconnecting(let attempt, let delay):
            "connection reconnecting: attempt \(attempt) in \(delay.wholeMilliseconds) ms"
        case .connectionEnded:
            "connection ended"
        case .unreadableMessage(let reason):
            "unreadable message: \(reason)"
        }
    }
}
