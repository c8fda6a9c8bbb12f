import Dispatch
import Foundation

/// Polls `condition` until it holds or `seconds` pass, and says whether it held: for state no
/// in-process signal can announce (a file another process writes, a server's public counts).
/// A wait on a condition with a deadline, not a sleep standing in for one.
public func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    let pause = DispatchSemaphore(value: 0)
    while Date() < deadline {
        if condition() { return true }
        _ = pause.wait(timeout: .now() + .milliseconds(2))
    }
    return condition()
}

/// ``waitUntil(seconds:_:)`` for async code: the polling runs on a thread of its own (see
/// ``offThePool(_:)``), so the cooperative pool serves other tests meanwhile. The caller is
/// suspended until it returns, so `condition` is never evaluated beside the caller's own code.
public func waitUntil(seconds: Double, _ condition: @escaping () -> Bool) async -> Bool {
    let handed = HandedOver(condition)
    return await offThePool { waitUntil(seconds: seconds, handed.value) }
}
