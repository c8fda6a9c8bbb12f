import Synchronization

/// Where controllers send ``LogEvent``s.
///
/// `Sendable` with a synchronous `record`, rather than `@MainActor`: the
/// re-authentication gate records blocked calls from whatever isolation the
/// caller has, and a production sink (a logger, a file) is naturally
/// thread-safe. Implementations must not block.
///
/// ```swift
/// let telemetry = RecordingTelemetryService()
/// let fridge = FridgeViewModel(api: mock, telemetry: telemetry, clock: clock)
/// #expect(telemetry.events.contains(.doorAlertRaised(deviceId: "fridge-1", openFor: .seconds(60))))
/// ```
public protocol TelemetryService: Sendable {
    /// Records one event.
    func record(_ event: LogEvent)
}

/// Keeps every event in order, each stamped with the instant it was recorded at, for tests
/// and for the `kitchen reproduce` timeline.
public final class RecordingTelemetryService: TelemetryService {
    /// One recorded event and when it happened.
    public struct Entry: Hashable, Sendable {
        /// When the event was recorded, as `now` told.
        public var at: MachineInstant
        /// The event.
        public var event: LogEvent
    }

    private let now: @Sendable () -> MachineInstant
    private let recorded = Mutex<[Entry]>([])

    /// An empty recorder that stamps each event with `now()`; by default every event at the
    /// epoch, for tests that only look at the order.
    public init(now: @escaping @Sendable () -> MachineInstant = { MachineInstant(sinceEpoch: .zero) }) {
        self.now = now
    }

    /// Appends `event`, stamped with `now()`.
    public func record(_ event: LogEvent) {
        let entry = Entry(at: now(), event: event)
        recorded.withLock { $0.append(entry) }
    }

    /// Every entry so far, in order.
    public var entries: [Entry] {
        recorded.withLock { $0 }
    }

    /// The events so far, in order.
    public var events: [LogEvent] {
        entries.map(\.event)
    }

    /// The events so far, one description a line.
    public var lines: [String] {
        events.map(\.description)
    }

    /// Forgets the events so far.
    public func reset() {
        recorded.withLock { $0.removeAll() }
    }
}

/// Drops every event: the default when nobody listens.
public struct NoTelemetryService: TelemetryService {
    /// A sink that drops everything.
    public init() {}

    /// Does nothing.
    public func record(_ event: LogEvent) {}
}

/// Writes each event's one-line description to a sink (standard output by
/// default): a portable production telemetry for the CLI and for Linux.
public struct PrintingTelemetryService: TelemetryService {
    private let write: @Sendable (String) -> Void

    /// A service that hands `"[telemetry] " + description` to `write`.
    public init(write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.write = write
    }

    /// Writes the event's line.
    public func record(_ event: LogEvent) {
        write("[telemetry] \(event)")
    }
}
