import KitchenAPI

/// What a child controller calls with every failure, cancellations included;
/// the coordinator decides what to show (see ``SessionState``).
public typealias ControllerErrorHandler = @MainActor (any Error) -> Void

/// A child controller of one device type: it runs that type's commands and applies the
/// state each answers, so a command method is one call to ``run(_:on:source:_:)``.
@MainActor
protocol DeviceStateController: AnyObject {
    /// The state the device type's commands answer.
    associatedtype State
    var api: any APIServiceProtocol { get }
    var telemetry: any TelemetryService { get }
    var errorHandler: ControllerErrorHandler? { get }
    /// Stores a state the server reported for `key`.
    func apply(_ state: State, to key: DeviceKey, source: StateSource)
}

extension DeviceStateController {
    /// Runs `command` and applies the state it answers; a failure goes to ``errorHandler`` and
    /// applies nothing.
    func run(
        _ command: DeviceCommand, on key: DeviceKey, source: StateSource = .command,
        _ call: (any APIServiceProtocol) async throws -> State
    ) async {
        do {
            apply(try await send(command, on: key, call), to: key, source: source)
        } catch {
            errorHandler?(error)
        }
    }

    /// Sends `command` with telemetry before and after; a failure (or cancellation) is
    /// recorded and thrown on.
    func send<Answer>(
        _ command: DeviceCommand, on key: DeviceKey, _ call: (any APIServiceProtocol) async throws -> Answer
    ) async throws -> Answer {
        telemetry.record(.commandSent(command, device: key))
        do {
            let answer = try await call(api)
            telemetry.record(.commandSucceeded(command, device: key))
            return answer
        } catch {
            if let appError = AppError.from(error) {
                telemetry.record(.commandFailed(command, device: key, error: appError))
            } else {
                telemetry.record(.commandCancelled(command, device: key))
            }
            throw error
        }
    }
}

/// A ``DeviceStateController`` whose devices have no compartments: it applies a state by device id.
@MainActor
protocol DeviceIDStateController: DeviceStateController {
    func apply(_ state: State, deviceId: String, source: StateSource)
}

extension DeviceIDStateController {
    func apply(_ state: State, to key: DeviceKey, source: StateSource) {
        apply(state, deviceId: key.deviceId, source: source)
    }
}
