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
