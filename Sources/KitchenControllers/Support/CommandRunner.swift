import KitchenAPI

/// What a child controller calls with every failure, cancellations included;
/// the coordinator decides what to show (see ``SessionState``).
public typealias ControllerErrorHandler = @MainActor (any Error) -> Void

/// Runs one device command: telemetry before and after, failures to `report`.
/// Returns the answer, or `nil` when the command failed or was cancelled.
@MainActor
func runCommand<Answer>(
    _ command: DeviceCommand,
    on device: DeviceKey,
    telemetry: any TelemetryService,
    report: ControllerErrorHandler?,
    _ call: () async throws -> Answer
) async -> Answer? {
    telemetry.record(.commandSent(command, device: device))
    do {
        let answer = try await call()
        telemetry.record(.commandSucceeded(command, device: device))
        return answer
    } catch {
        recordFailure(error, of: command, on: device, telemetry: telemetry)
        report?(error)
        return nil
    }
}

/// Records a failed or cancelled command.
func recordFailure(_ error: any Error, of command: DeviceCommand, on device: DeviceKey, telemetry: any TelemetryService) {
    if let appError = AppError.from(error) {
        telemetry.record(.commandFailed(command, device: device, error: appError))
    } else {
        telemetry.record(.commandCancelled(command, device: device))
    }
}

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
    /// Runs `command` through ``runCommand(_:on:telemetry:report:_:)`` and applies the state it
    /// answers; a failure goes to ``errorHandler`` and applies nothing.
    func run(
        _ command: DeviceCommand, on key: DeviceKey, source: StateSource = .command,
        _ call: (any APIServiceProtocol) async throws -> State
    ) async {
        let api = self.api
        let state = await runCommand(command, on: key, telemetry: telemetry, report: errorHandler) { try await call(api) }
        if let state { apply(state, to: key, source: source) }
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
