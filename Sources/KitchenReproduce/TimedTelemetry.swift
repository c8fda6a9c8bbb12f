import KitchenControllers
import Synchronization
import VirtualTime

/// A telemetry recorder that stamps each event with the virtual time it was
/// recorded at, so a shell run can be compared with a model's timeline.
///
/// ```swift
/// let telemetry = TimedTelemetry(clock: clock)
/// ...
/// telemetry.entries.first   // (at: 60000 ms, event: .doorAlertRaised(...))
/// ```
public final class TimedTelemetry: TelemetryService {
    /// One recorded event and when it happened (virtual time since the clock started).
    public struct Entry: Hashable, Sendable {
        /// Virtual time since the clock started.
        public var at: MachineInstant
        /// The event.
        public var event: LogEvent
    }

    private let clock: VirtualClock
    private let recorded = Mutex<[Entry]>([])

    /// A recorder reading `clock`.
    public init(clock: VirtualClock) {
        self.clock = clock
    }

    /// Records `event` at the clock's current virtual time.
    public func record(_ event: LogEvent) {
        let entry = Entry(at: MachineInstant(sinceEpoch: clock.now.offset), event: event)
        recorded.withLock { $0.append(entry) }
    }

    /// Every entry so far, in order.
    public var entries: [Entry] { recorded.withLock { $0 } }

    /// Just the events, in order.
    public var events: [LogEvent] { entries.map(\.event) }
}
