import KitchenControllers
import VirtualTime

/// A telemetry recorder that stamps each event with the virtual time it was
/// recorded at, so a shell run can be compared with a model's timeline.
///
/// ```swift
/// let telemetry = TimedTelemetry(clock: clock)
/// ...
/// telemetry.entries.first   // (at: 60000 ms, event: .doorAlertRaised(...))
/// ```
public typealias TimedTelemetry = RecordingTelemetryService

extension RecordingTelemetryService {
    /// A recorder stamping each event with `clock`'s virtual time since it started.
    public convenience init(clock: VirtualClock) {
        self.init(now: { MachineInstant(sinceEpoch: clock.now.offset) })
    }
}
