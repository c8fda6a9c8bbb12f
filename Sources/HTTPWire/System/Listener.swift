import Synchronization

/// A listening TCP socket; an event loop takes its connections with `acceptWithoutBlocking()`.
/// The listening socket itself never blocks; accepted sockets are blocking ones (a loop reads
/// and writes them without blocking, call by call).
///
/// ```swift
/// let listener = try Listener(host: "127.0.0.1", port: 0)   // port 0: any free port
/// print(listener.address.port)
/// ```
package final class Listener: Sendable {
    let descriptor: Int32
    let closed = Atomic<Bool>(false)
    /// The bound address (with the real port when 0 was asked for).
    package let address: SocketAddress

    /// Binds and listens on `host:port`.
    package init(host: String, port: Int, backlog: Int32 = 1024) throws(SocketError) {
        guard let address = Platform.resolve(host: host, port: port, passive: true).first else {
            throw SocketError(kind: .unresolvable, operation: "resolve \(host):\(port)")
        }
        let fd = Platform.makeStreamSocket(family: address.family)
        guard fd >= 0 else { throw SocketError.fromErrno("socket") }
        Platform.setReuseAddress(fd)
        let bound = Platform.bind(fd, address)
        guard bound, Platform.listen(fd, backlog: backlog) else {
            let error = SocketError.fromErrno("\(bound ? "listen" : "bind") \(address)")
            Platform.close(fd)
            throw error
        }
        Platform.setNonBlocking(fd, true)
        self.descriptor = fd
        self.address = Platform.localAddress(fd) ?? address
    }

    deinit { close() }

    /// What `acceptWithoutBlocking()` found.
    enum Accepted {
        case accepted(Socket)
        /// No connection is waiting.
        case nothingWaiting
        /// The process or system has no descriptor left for it (EMFILE, ENFILE).
        case outOfDescriptors
        /// This one failed (it was aborted, say); the listener is fine.
        case failed
    }

    /// Takes the next waiting connection, if any, without blocking.
    func acceptWithoutBlocking() -> Accepted {
        guard !closed.load(ordering: .acquiring) else { return .nothingWaiting }
        let (fd, peer) = Platform.accept(descriptor)
        if fd >= 0 { return .accepted(Socket(descriptor: fd, peer: peer)) }
        let code = Platform.errno
        if code == Platform.wouldBlock || code == Platform.wouldBlockAlternative { return .nothingWaiting }
        if Platform.isOutOfDescriptors(code) { return .outOfDescriptors }
        return .failed
    }

    /// Stops accepting.
    package func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Platform.shutdown(descriptor, writeOnly: false)
        Platform.close(descriptor)
    }
}
