import Foundation
import HarnessCore
import Synchronization

/// The simulation's time as a ``HarnessCore/SchedulingClock``, so that whatever stamps or waits
/// on it (a recording proxy in front of the simulator) reads the same instant the world does.
///
/// With a manual clock, time moves only by ticks (``advance(ticks:)``, `POST /_sim/clock/advance`),
/// and a sleep ends at the tick that carries the simulation past its deadline; with a wall clock
/// a sleep is a real one.
///
/// ```swift
/// let simulator = Simulator(configuration: .init(manualClock: true))
/// async let nap: Void = simulator.sleep(for: .seconds(2))
/// try simulator.advance(ticks: 2)   // one tick is one second: the nap ends
/// ```
extension Simulator: SchedulingClock {
    /// The simulation's current time (the manual clock's, or the wall clock's).
    public var currentDate: Date { Date(timeIntervalSince1970: Double(world.withLock { $0.now }) / 1000) }

    /// Suspends until the simulation's time has moved `duration` on; throws `CancellationError`
    /// when the task is cancelled before or during the wait.
    nonisolated(nonsending) public func sleep(for duration: Duration) async throws {
        guard configuration.manualClock else {
            try await ContinuousClock().sleep(for: duration)
            return
        }
        try Task.checkCancellation()
        let milliseconds = Int64((duration / .milliseconds(1)).rounded(.up))
        let deadline = world.withLock { $0.now } + milliseconds
        let id = sleepers.withLock { $0.nextID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = sleepers.withLock { sleepers in
                    // Lock order: sleepers, then the world (as `wakeSleepers()` takes them).
                    if sleepers.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if world.withLock({ $0.now }) >= deadline { return .success(()) }
                    sleepers.waiting[id] = (deadline, continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let continuation = sleepers.withLock { sleepers in
                guard let sleeper = sleepers.waiting.removeValue(forKey: id) else {
                    sleepers.cancelled.insert(id)
                    return CheckedContinuation<Void, any Error>?.none
                }
                return sleeper.continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Sleepers waiting on the manual clock.
    var pendingSleepers: Int { sleepers.withLock { $0.waiting.count } }

    /// Resumes every sleeper whose deadline the simulation's time has reached.
    func wakeSleepers() {
        let due = sleepers.withLock { sleepers in
            let now = world.withLock { $0.now }
            let ids = sleepers.waiting.filter { $0.value.deadline <= now }.map(\.key)
            return ids.compactMap { sleepers.waiting.removeValue(forKey: $0)?.continuation }
        }
        for continuation in due { continuation.resume() }
    }
}

/// The sleepers on a manual simulation clock, by id; ids cancelled before they registered.
struct SimulationSleepers: Sendable {
    var waiting: [UInt64: (deadline: Int64, continuation: CheckedContinuation<Void, any Error>)] = [:]
    var cancelled: Set<UInt64> = []
    private var lastID: UInt64 = 0

    mutating func nextID() -> UInt64 {
        lastID += 1
        return lastID
    }
}
