/// What one registration is ready for after one wait: the single value an ``EventLoop`` acts
/// on for that token, however many events the kernel reported for it.
///
/// ```swift
/// let batch = Readiness.collect([.filter(token: 7, .read, endOfFile: false, failed: false, socketError: false),
///                                .filter(token: 7, .write, endOfFile: false, failed: false, socketError: false)],
///                               wakeToken: .max)
/// // batch.ready == [Readiness(token: 7, readable: true, writable: true)], batch.woken == false
/// ```
struct Readiness: Equatable, Sendable {
    /// The registration's token.
    let token: UInt64
    /// Bytes, the end of the stream or an error can be read without blocking.
    var readable: Bool
    /// Bytes can be written without blocking, or writing will meet an error.
    var writable: Bool

    /// One event as the kernel reported it, in fields that name no platform API. The fenced
    /// poller turns each `epoll_event` or `kevent` record into one of these.
    enum KernelEvent: Equatable, Sendable {
        /// epoll's shape: one event per descriptor, its mask split into flags (`EPOLLIN`,
        /// `EPOLLOUT`, `EPOLLRDHUP`, `EPOLLHUP`, `EPOLLERR`).
        case mask(token: UInt64, input: Bool, output: Bool, readHangUp: Bool, hangUp: Bool, error: Bool)
        /// kqueue's shape: one event per filter, so a descriptor watched for both directions can
        /// come twice in one wait. `endOfFile` is `EV_EOF`, `failed` is `EV_ERROR`, and
        /// `socketError` says `fflags` carried the socket's error along with `EV_EOF`.
        case filter(token: UInt64, Filter, endOfFile: Bool, failed: Bool, socketError: Bool)

        /// A kqueue filter.
        enum Filter: Equatable, Sendable {
            case read
            case write
        }

        var token: UInt64 {
            switch self {
            case .mask(let token, _, _, _, _, _), .filter(let token, _, _, _, _): token
            }
        }

        /// What this event alone says, with epoll's meaning for both shapes: an error or a
        /// hang-up in both directions counts as both, so the handler's next read or write meets
        /// it; the peer's end of stream alone (epoll's `EPOLLRDHUP`, `EV_EOF` on kqueue's read
        /// filter) counts as readable only.
        var directions: (readable: Bool, writable: Bool) {
            switch self {
            case .mask(_, let input, let output, let readHangUp, let hangUp, let error):
                let failure = hangUp || error
                return (input || readHangUp || failure, output || failure)
            case .filter(_, let filter, let endOfFile, let failed, let socketError):
                if failed { return (true, true) }
                switch filter {
                case .read: return (true, endOfFile && socketError)
                // kevent(2): EV_EOF on the write filter means nothing more can be sent (the peer
                // reset or closed): what epoll reports as EPOLLHUP.
                case .write: return (endOfFile, true)
                }
            }
        }
    }

    /// The outcome of one wait.
    struct Batch: Equatable, Sendable {
        /// One value per token, in the order the tokens first came.
        var ready: [Readiness] = []
        /// Whether the wake-up descriptor was among the events.
        var woken = false
    }

    /// Folds one wait's events into at most one value per token (the union of what its events
    /// say), and notes the wake-up token apart.
    static func collect(_ events: some Sequence<KernelEvent>, wakeToken: UInt64) -> Batch {
        var batch = Batch()
        for event in events {
            let token = event.token
            if token == wakeToken {
                batch.woken = true
                continue
            }
            let (readable, writable) = event.directions
            // Searched from the end: a wait returns at most a few hundred events, and kqueue's
            // second filter for a token tends to follow its first.
            if let index = batch.ready.lastIndex(where: { $0.token == token }) {
                batch.ready[index].readable = batch.ready[index].readable || readable
                batch.ready[index].writable = batch.ready[index].writable || writable
            } else {
                batch.ready.append(Readiness(token: token, readable: readable, writable: writable))
            }
        }
        return batch
    }
}
