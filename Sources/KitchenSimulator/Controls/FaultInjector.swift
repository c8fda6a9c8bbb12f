import HTTPWire
import Synchronization

/// Faults injected through the controls: for matching requests, a delay, a
/// status instead of the real answer, or both.
final class FaultInjector: Sendable {
    struct Fault: Sendable, Equatable {
        /// Method to match; `nil` matches any.
        var method: String?
        /// Path to match; a `*` segment matches any one segment (`/devices/*/oven`).
        var path: String
        var status: Int?
        var delayMilliseconds: Int?
        /// How many requests it applies to; `nil` until cleared.
        var remaining: Int?

        func matches(_ request: HTTPRequest, path requestPath: String) -> Bool {
            if let method, method != request.method.rawValue { return false }
            let pattern = path.split(separator: "/", omittingEmptySubsequences: false)
            let actual = requestPath.split(separator: "/", omittingEmptySubsequences: false)
            guard pattern.count == actual.count else { return false }
            return zip(pattern, actual).allSatisfy { $0 == "*" || $0 == $1 }
        }
    }

    private let faults = Mutex<[Fault]>([])
    /// How many faults are set: lets every request without faults skip the lock.
    private let count = Atomic<Int>(0)

    func add(_ fault: Fault) {
        faults.withLock { faults in
            faults.append(fault)
            recount(faults)
        }
    }

    func clear() {
        faults.withLock { faults in
            faults.removeAll()
            recount(faults)
        }
    }

    private func recount(_ faults: [Fault]) {
        count.store(faults.count, ordering: .releasing)
    }

    /// The first fault matching `request`, counting it against its remaining uses.
    /// The fault for `request`, whose API path (below any base path) is `path`.
    func match(_ request: HTTPRequest, path: String) -> Fault? {
        guard count.load(ordering: .acquiring) > 0 else { return nil }
        return faults.withLock { faults in
            defer { recount(faults) }
            guard let index = faults.firstIndex(where: { $0.matches(request, path: path) }) else { return nil }
            let fault = faults[index]
            if let remaining = fault.remaining {
                if remaining <= 1 { faults.remove(at: index) } else { faults[index].remaining = remaining - 1 }
            }
            return fault
        }
    }
}
