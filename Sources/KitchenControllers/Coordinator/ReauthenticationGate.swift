import KitchenAPI
import Synchronization

/// An ``APIServiceProtocol`` decorator that keeps commands from reaching the
/// API while the session must sign in again: such a call throws
/// `AppError.unauthorized` without calling through (and is recorded as
/// ``LogEvent/commandBlocked(operation:)``). Signing in and out always pass.
///
/// The coordinator owns the rules (``SessionState``) and mirrors them here
/// after every change, so children need no code of their own for it.
///
/// ```swift
/// let gate = ReauthenticationGate(wrapping: api, telemetry: telemetry)
/// var session = SessionState()
/// session.record(AppError.unauthorized)
/// gate.update(session)
/// try await gate.setOvenPower(deviceId: "oven-1", isOn: true)   // throws .unauthorized, api not called
/// ```
public final class ReauthenticationGate: APICallRouting {
    private let base: any APIServiceProtocol
    private let telemetry: any TelemetryService
    private let session = Mutex(SessionState())

    /// A gate in front of `base`, open until told otherwise.
    public init(wrapping base: any APIServiceProtocol, telemetry: any TelemetryService = NoTelemetryService()) {
        self.base = base
        self.telemetry = telemetry
    }

    /// Takes the session's current rules.
    public func update(_ state: SessionState) {
        session.withLock { $0 = state }
    }

    /// Whether a call to `operation` would pass now.
    public func admits(_ operation: APIOperation) -> Bool {
        session.withLock { $0.admits(operation) }
    }

    /// Forwards `call` to the wrapped API when the session admits its operation; otherwise
    /// records ``LogEvent/commandBlocked(operation:)`` and throws ``KitchenAPI/AppError/unauthorized``.
    nonisolated(nonsending) public func route<Answer: Sendable>(
        _ call: APICall, forward: nonisolated(nonsending) (any APIServiceProtocol) async throws -> Answer
    ) async throws -> Answer {
        guard admits(call.operation) else {
            telemetry.record(.commandBlocked(operation: call.operation.rawValue))
            throw AppError.unauthorized
        }
        return try await forward(base)
    }
}
