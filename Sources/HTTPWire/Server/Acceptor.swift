/// Accepts a listener's connections on an event loop: each time the listener is readable it
/// takes what is waiting, a batch at a time, without blocking, and hands each connection to
/// `admit`. When the process runs out of descriptors it stops watching for a moment instead of
/// spinning on a listener that stays readable.
final class Acceptor: EventLoopSocket, @unchecked Sendable {
    // Unchecked: `token` is touched on `loop`'s thread only.
    private let listener: Listener
    private let loop: EventLoop
    private let admit: (Socket) -> Void
    private var token: UInt64?
    private var stopped = false

    /// Connections taken per readiness report; the rest wait for the next turn of the loop.
    static let batch = 64
    /// How long accepting pauses when no descriptor is left for a new connection.
    static let pauseWhenOutOfDescriptors = Duration.milliseconds(100)

    init(listener: Listener, loop: EventLoop, admit: @escaping (Socket) -> Void) {
        self.listener = listener
        self.loop = loop
        self.admit = admit
    }

    /// Starts watching the listener (on the loop's thread).
    func start() {
        guard !stopped else { return }
        token = try? loop.register(self, descriptor: listener.descriptor, interest: .readable)
    }

    func readable() {
        for _ in 0..<Self.batch {
            switch listener.acceptWithoutBlocking() {
            case .accepted(let socket):
                admit(socket)
            case .nothingWaiting:
                return
            case .outOfDescriptors:
                guard let token else { return }
                loop.setInterest([], for: token)
                _ = loop.scheduleTimer(at: loop.now + Self.pauseWhenOutOfDescriptors) { [self] in
                    if let token = self.token { loop.setInterest(.readable, for: token) }
                }
                return
            case .failed:
                continue  // the client gave up before it was accepted: the listener is fine
            }
        }
    }

    func writable() {}

    func loopStopped() {
        stopped = true
        if let token { loop.deregister(token) }
        token = nil
    }
}
