import KitchenAPI
import KitchenControllers
import KitchenReproduce
import VirtualTime

/// Runs slider traces through the real ``KitchenControllers/OvenViewModel`` on a
/// ``VirtualTime/VirtualClock``, against a ``ModelKitchenAPI`` that answers each
/// request as the trace says.
@MainActor
public enum OvenShellRun {
    /// The single oven the runs use.
    public static let oven = DeviceInfo.defaultDevices[1]

    /// Replays `trace`: before each move, time advances to the move's instant
    /// (every timer and answer due by then happens first); after the last move,
    /// the clock runs until nothing is parked. Throws if a sleeper is left.
    public static func run(_ trace: SliderTrace, configuration: DebounceMachine.Configuration) async throws
        -> DebounceRun
    {
        let clock = VirtualClock()
        let api = ModelKitchenAPI(kitchen: .standard(at: clock.startDate), clock: clock)
        let telemetry = TimedTelemetry(clock: clock)
        let ovens = OvenViewModel(api: api, telemetry: telemetry, clock: clock, debounce: configuration)
        let errors = ErrorLog()
        ovens.errorHandler = { errors.record($0) }
        await ovens.fetchInitialState(for: oven)

        var run = DebounceRun()
        for (move, instant) in zip(trace.moves, trace.instants) {
            try await clock.advance(to: VirtualClock.Instant(offset: instant.sinceEpoch))
            run.shownBeforeMoves.append(ovens.state(deviceId: oven.id)?.targetTemperature)
            // The request a burst sends is answered as its last move says.
            api.setStandingAnswer(move.answer, for: .setOvenTemperature)
            ovens.setTemperature(move.value, deviceId: oven.id)
        }
        try await clock.run()
        try clock.expectNoPendingSleepers()
        run.finalShown = ovens.state(deviceId: oven.id)?.targetTemperature
        run.calls = telemetry.entries.compactMap { entry in
            guard case .commandSent(.ovenTemperature(let value), _) = entry.event else { return nil }
            return SentTemperature(value: value, at: entry.at)
        }
        run.reports = errors.errors.compactMap(AppError.from)
        return run
    }
}

/// Collects the errors a controller reports.
@MainActor
public final class ErrorLog {
    /// Every error reported, in order (cancellations included).
    public private(set) var errors: [any Error] = []

    /// An empty log.
    public init() {}

    /// Appends `error`.
    public func record(_ error: any Error) {
        errors.append(error)
    }
}
