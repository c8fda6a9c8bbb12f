/// Opens a TCP connection from an event loop without blocking it: `connect(2)` is started on a
/// non-blocking socket and finished when the socket turns writable; each resolved address is
/// tried in turn, all within one timeout. The socket it hands over blocks again (an event
/// loop reads and writes it without blocking, call by call).
///
/// ```swift
/// LoopConnector.connect(host: "127.0.0.1", port: 8080, on: loop, timeout: .seconds(10)) { result in … }
/// ```
final class LoopConnector: EventLoopSocket, @unchecked Sendable {
    // Unchecked: every property is touched on `loop`'s thread only.
    private let loop: EventLoop
    private let addresses: [SocketAddress]
    private let host: String
    private let port: Int
    private var done: ((Result<Socket, SocketError>) -> Void)?
    private var next = 0
    private var descriptor: Int32 = -1
    private var token: UInt64?
    private var timer: UInt64?
    private var lastError: SocketError

    private init(loop: EventLoop, host: String, port: Int, addresses: [SocketAddress],
                 done: @escaping (Result<Socket, SocketError>) -> Void) {
        self.loop = loop
        self.host = host
        self.port = port
        self.addresses = addresses
        self.done = done
        lastError = SocketError(kind: .other, operation: "connect \(host):\(port)")
    }

    /// Connects to `host:port` (names resolved here, which may wait on the resolver) from
    /// `loop`'s thread; `done` is called once, on the loop's thread.
    static func connect(host: String, port: Int, on loop: EventLoop, timeout: Duration,
                        _ done: @escaping (Result<Socket, SocketError>) -> Void) {
        let addresses = Platform.resolve(host: host, port: port, passive: false)
        guard !addresses.isEmpty else {
            return done(.failure(SocketError(kind: .unresolvable, operation: "resolve \(host):\(port)")))
        }
        let connector = LoopConnector(loop: loop, host: host, port: port, addresses: addresses, done: done)
        connector.timer = loop.scheduleTimer(at: loop.now + timeout) { [connector] in
            connector.timer = nil
            connector.finish(.failure(SocketError(kind: .timedOut, operation: "connect \(host):\(port)")))
        }
        connector.tryNext()
    }

    /// Starts on the next address, or gives up with the last error.
    private func tryNext() {
        while next < addresses.count {
            let address = addresses[next]
            next += 1
            let fd = Platform.makeStreamSocket(family: address.family)
            guard fd >= 0 else { return finish(.failure(SocketError.fromErrno("socket"))) }
            let code = Platform.startConnecting(fd, address)
            if code == 0 {
                descriptor = fd
                return connected(to: address)
            }
            guard code == Platform.inProgress else {
                lastError = SocketError.from(code: code, "connect \(address)")
                Platform.close(fd)
                continue
            }
            descriptor = fd
            do throws(SocketError) {
                token = try loop.register(self, descriptor: fd, interest: .writable)
                return
            } catch {
                lastError = error
                Platform.close(fd)
                descriptor = -1
            }
        }
        finish(.failure(lastError))
    }

    private func connected(to address: SocketAddress) {
        let fd = descriptor
        descriptor = -1
        Platform.setNonBlocking(fd, false)
        finish(.success(Socket(descriptor: fd, peer: address)))
    }

    func readable() { writable() }

    func writable() {
        guard descriptor >= 0, let token else { return }
        loop.deregister(token)
        self.token = nil
        let address = addresses[next - 1]
        let code = Platform.pendingError(descriptor)
        if code == 0 { return connected(to: address) }
        lastError = SocketError.from(code: code, "connect \(address)")
        Platform.close(descriptor)
        descriptor = -1
        tryNext()
    }

    func loopStopped() {
        finish(.failure(SocketError(kind: .closed, operation: "connect \(host):\(port): the event loop stopped")))
    }

    private func finish(_ result: Result<Socket, SocketError>) {
        guard let done else { return }
        self.done = nil
        if let timer { loop.cancelTimer(timer) }
        timer = nil
        if let token { loop.deregister(token) }
        token = nil
        if descriptor >= 0 { Platform.close(descriptor) }
        descriptor = -1
        done(result)
    }
}
