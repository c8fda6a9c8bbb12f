import Foundation
import HarnessCore
import KitchenAPI
import KitchenControllers
import KitchenReproduce
import VirtualTime

/// Runs door traces through the real ``KitchenControllers/FridgeViewModel`` on a
/// ``VirtualTime/VirtualClock``.
@MainActor
public enum FridgeShellRun {
    /// The fridge the runs use.
    public static let fridgeId = "fridge-1"

    /// Replays `trace` as live fridge states (time advanced to each update's
    /// instant first), then runs the clock dry; returns the alert changes the
    /// controller recorded in telemetry. Throws if a sleeper is left.
    public static func run(_ trace: DoorTrace, configuration: DoorAlertMachine.Configuration) async throws
        -> [DoorAlertChange]
    {
        let clock = VirtualClock()
        let telemetry = TimedTelemetry(clock: clock)
        let fridges = FridgeViewModel(api: MockAPIService(), telemetry: telemetry, clock: clock, doorAlert: configuration)
        for update in trace.timed {
            try await clock.advance(to: VirtualClock.Instant(offset: update.at.sinceEpoch))
            var state = FridgeState.defaultFridgeState
            state.isDoorOpen = update.isOpen
            state.doorOpenedAt = update.openedAt.map { clock.startDate.addingTimeInterval($0.sinceEpoch.timeInterval) }
            state.lastUpdated = clock.currentDate
            fridges.apply(state, deviceId: fridgeId, source: .live)
        }
        try await clock.run()
        try clock.expectNoPendingSleepers()
        return telemetry.entries.compactMap { entry in
            switch entry.event {
            case .doorAlertRaised: .raised(at: entry.at)
            case .doorAlertCleared: .cleared(at: entry.at)
            default: nil
            }
        }
    }
}
