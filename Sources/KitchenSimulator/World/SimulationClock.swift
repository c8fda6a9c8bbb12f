import Foundation

/// The simulator's notion of now, in milliseconds since the epoch: the wall
/// clock, or a manual clock that starts at a fixed instant and moves only
/// when ticks are advanced (one tick is one second).
struct SimulationClock: Sendable {
    /// Where a manual clock starts, in milliseconds since the epoch; nil for the wall clock.
    let manualStartMilliseconds: Int64?
    /// The ticks run so far, on either clock.
    private(set) var ticks: Int64 = 0

    var now: Int64 {
        guard let manualStartMilliseconds else { return Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
        return manualStartMilliseconds + ticks * 1000
    }

    /// Counts one tick; a manual clock moves on a second with it (a wall clock advances by itself).
    mutating func tick() {
        ticks += 1
    }
}
