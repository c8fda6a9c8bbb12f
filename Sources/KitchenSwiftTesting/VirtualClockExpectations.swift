import Testing
import VirtualTime

/// Records an issue at the caller listing every sleeper still parked on `clock`;
/// call it at the end of a test so a timer that was never cancelled fails the test.
///
/// ```swift
/// @MainActor @Test func sliderSendsOnce() async throws {
///     let clock = VirtualClock()
///     ...
///     try await clock.run()
///     expectNoPendingSleepers(on: clock)
/// }
/// ```
public func expectNoPendingSleepers(on clock: VirtualClock, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        try clock.expectNoPendingSleepers()
    } catch {
        Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
    }
}
