import HarnessCore

/// Decides how long each read on a server connection may wait, from the phase the request
/// is in; a pure value (instants in, timeouts out), so the rule is tested without sockets.
/// Instants are offsets from any fixed start the caller chooses (the connection's reader, the
/// head-reading loop), as in ``TimerHeap``.
///
/// ```swift
/// var readTimeouts = RequestReadTimeouts(idle: .seconds(60), head: .seconds(30), bodyProgress: .seconds(30))
/// let wait = readTimeouts.timeout(for: .head, now: .seconds(31))   // nil: the head deadline has passed
/// ```
/// - `idle`: nothing of a request received yet (a new connection, or between kept-alive
///   requests). Each read may wait the whole idle timeout; on expiry the connection is
///   closed without a response (RFC 9112 §9.5).
/// - `head`: part of a request head received. The deadline starts at the first read that
///   finds head bytes buffered and does not move: slowly arriving bytes do not extend it.
/// - `body`: reading a body. Each read may wait the body-progress timeout: a body that keeps
///   arriving is never cut, one that stops is.
struct RequestReadTimeouts {
    /// What the connection is waiting for.
    enum Phase: Equatable {
        case idle
        case head
        case body
    }

    let idle: Duration
    let head: Duration
    let bodyProgress: Duration
    /// When the head being read must be complete; nil outside the head phase.
    private(set) var headDeadline: Duration?

    /// How long the next read may wait, or nil when the head deadline has already passed.
    mutating func timeout(for phase: Phase, now: Duration) -> Duration? {
        switch phase {
        case .idle:
            headDeadline = nil
            return idle
        case .body:
            headDeadline = nil
            return bodyProgress
        case .head:
            let deadline = headDeadline ?? now + head
            headDeadline = deadline
            let remaining = deadline - now
            return remaining > .zero ? remaining : nil
        }
    }

    /// A head was parsed: the next head gets a fresh deadline.
    mutating func headCompleted() { headDeadline = nil }
}

extension Duration {
    /// Whole milliseconds rounded up and at least 1, for a socket timeout (where 0 means forever).
    var socketTimeoutMilliseconds: Int {
        let whole = truncatedMilliseconds
        let partial: Int64 = self > .milliseconds(whole) ? 1 : 0
        return Int(Swift.max(1, whole + partial))
    }
}
