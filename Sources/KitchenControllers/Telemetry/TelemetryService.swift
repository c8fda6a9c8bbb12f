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

/// Keeps every event in order, for tests and for the `kitchen reproduce` timeline.
public final class RecordingTelemetryService: TelemetryService {
    private let recorded = Mutex<[LogEvent]>([])

    /// An empty recorder.
    public init() {}

    /// Appends `event`.
    public func record(_ event: LogEvent) {
        recorded.withLock { $0.append(event) }
    }

    /// The events so far, in order.
    public var events: [LogEvent] {
        recorded.withLock { $0 }
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
