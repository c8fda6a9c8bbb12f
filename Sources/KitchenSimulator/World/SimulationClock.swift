import Foundation

/// The simulator's notion of now, in milliseconds since the epoch: the wall
/// clock, or a manual clock that starts at a fixed instant and moves only
/// when ticks are advanced (one tick is one second).
enum SimulationClock: Sendable {
    case wall
    case manual(startMilliseconds: Int64, ticks: Int64)

    var now: Int64 {
        switch self {
        case .wall: Int64((Date().timeIntervalSince1970 * 1000).rounded())
        case .manual(let start, let ticks): start + ticks * 1000
        }
    }

    /// Advances a manual clock by one tick (a wall clock advances by itself).
    mutating func tick() {
        if case .manual(let start, let ticks) = self { self = .manual(startMilliseconds: start, ticks: ticks + 1) }
    }
}
