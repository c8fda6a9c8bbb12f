@testable import KitchenRecorder

/// What the pool-state suites share: connections are numbers, `t(seconds)` is an instant that
/// many seconds after the suite's `start`, and a step's answer is read with `reused`, `isOpen`
/// or `ticket`.
protocol UpstreamPoolStateSteps {
    var start: ContinuousClock.Instant { get }
}

extension UpstreamPoolStateSteps {
    typealias State = UpstreamPoolState<Int, ContinuousClock.Instant>

    func t(_ seconds: Double) -> ContinuousClock.Instant { start + .milliseconds(Int(seconds * 1000)) }

    /// The connection a checkout reused, or nil for any other answer.
    func reused(_ step: (State.CheckOut, close: [Int])) -> Int? {
        if case .granted(.reuse(let connection)) = step.0 { return connection }
        return nil
    }

    func isOpen(_ step: (State.CheckOut, close: [Int])) -> Bool {
        if case .granted(.open) = step.0 { return true }
        return false
    }

    func ticket(_ step: (State.CheckOut, close: [Int])) -> Int? {
        if case .wait(let ticket) = step.0 { return ticket }
        return nil
    }

    /// A pool at its bound (plus `spare` free slots) whose connections 1, 2, 3… were all checked
    /// out at 0 s and checked in idle at the given seconds.
    func idlePool(checkedInAt seconds: [Double], spare: Int = 0) -> State {
        var state = State(maxConnections: seconds.count + spare, idleTimeout: .seconds(4))
        for _ in seconds { _ = state.checkOut(now: t(0)) }
        for (index, second) in seconds.enumerated() { _ = state.checkIn(index + 1, reusable: true, now: t(second)) }
        return state
    }
}
