// Fenced: the readiness APIs (epoll on Linux, kqueue on Apple platforms) are named only here.
#if canImport(Glibc)
import CEpoll
import Glibc
#elseif canImport(Musl)
import CEpoll
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells one thread which of many sockets have bytes to read (or room to write), without a thread per socket:
/// epoll on Linux, kqueue on Apple platforms. Each watch fires once (one-shot) and is then
/// forgotten, so a socket is handed to exactly one reader; watch it again to hear of it again.
/// A pipe lets another thread interrupt a wait.
///
/// ```swift
/// let poller = try ReadinessPoller()
/// try poller.watch(socket.descriptor, token: 7)
/// let ready = poller.wait(milliseconds: 1000)     // [7] once bytes (or the end) arrive
/// ```
final class ReadinessPoller: @unchecked Sendable {
    // Unchecked: the descriptors are fixed at init; the kernel calls on them are thread-safe,
    // and `close()` is called once, by the thread that waits, after its last wait.
    private let queue: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// The token the wake-up pipe reports under; never handed out.
    private static let wakeToken = UInt64.max

    init() throws(SocketError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SocketError.fromErrno("pipe") }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        _ = fcntl(wakeRead, F_SETFL, fcntl(wakeRead, F_GETFL) | O_NONBLOCK)
        _ = fcntl(wakeWrite, F_SETFL, fcntl(wakeWrite, F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
        queue = kqueue()
        #else
        queue = epoll_create1(Int32(EPOLL_CLOEXEC))
        #endif
        guard queue >= 0 else {
            let error = SocketError.fromErrno("create the readiness queue")
            Platform.close(wakeRead)
            Platform.close(wakeWrite)
            throw error
        }
        guard register(wakeRead, token: Self.wakeToken, once: false) else {
            let error = SocketError.fromErrno("watch the wake-up pipe")
            Platform.close(queue)
            Platform.close(wakeRead)
            Platform.close(wakeWrite)
            throw error
        }
    }

    /// What a watch waits for.
    enum Interest: Sendable {
        /// Bytes to read, the end of the stream, or an error.
        case readable
        /// Room to write, or an error.
        case writable
    }

    /// Reports `descriptor` under `token` once, when it is ready as `interest` says.
    func watch(_ descriptor: Int32, token: UInt64, for interest: Interest = .readable) throws(SocketError) {
        guard register(descriptor, token: token, once: true, interest: interest) else {
            throw SocketError.fromErrno("watch descriptor \(descriptor)")
        }
    }

    /// Stops watching `descriptor` (before it is closed by someone else, or when it is handed
    /// on for another reason). Forgetting one that already fired is harmless.
    func forget(_ descriptor: Int32) {
        #if canImport(Darwin)
        // Each filter is its own registration; deleting one that is not there fails harmlessly.
        for filter in [EVFILT_READ, EVFILT_WRITE] {
            var change = Darwin.kevent(ident: UInt(descriptor), filter: Int16(filter), flags: UInt16(EV_DELETE),
                                       fflags: 0, data: 0, udata: nil)
            _ = Darwin.kevent(queue, &change, 1, nil, 0, nil)
        }
        #else
        var unused = epoll_event()
        _ = epoll_ctl(queue, EPOLL_CTL_DEL, descriptor, &unused)
        #endif
    }

    /// Waits up to `milliseconds` (-1: until something happens) and returns the tokens of
    /// the descriptors that became readable. A `wake()` ends the wait early with no tokens.
    func wait(milliseconds: Int32) -> [UInt64] {
        let capacity = 256
        var tokens: [UInt64] = []
        #if canImport(Darwin)
        var events = [Darwin.kevent](repeating: Darwin.kevent(), count: capacity)
        var timeout = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
        let count = milliseconds < 0
            ? Darwin.kevent(queue, nil, 0, &events, Int32(capacity), nil)
            : Darwin.kevent(queue, nil, 0, &events, Int32(capacity), &timeout)
        for event in events.prefix(max(0, Int(count))) {
            tokens.append(UInt64(UInt(bitPattern: event.udata)))
        }
        #else
        var events = [epoll_event](repeating: epoll_event(), count: capacity)
        let count = epoll_wait(queue, &events, Int32(capacity), milliseconds)
        for event in events.prefix(max(0, Int(count))) {
            tokens.append(event.data.u64)
        }
        #endif
        if tokens.contains(Self.wakeToken) {
            drainWakeUps()
            tokens.removeAll { $0 == Self.wakeToken }
        }
        return tokens
    }

    /// Ends a `wait` in progress (or the next one) early. Safe from any thread.
    func wake() {
        var byte: UInt8 = 1
        _ = Platform.writeRaw(wakeWrite, &byte, 1)
    }

    /// Releases the queue and the pipe.
    func close() {
        Platform.close(queue)
        Platform.close(wakeRead)
        Platform.close(wakeWrite)
    }

    private func drainWakeUps() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ Platform.readRaw(wakeRead, $0.baseAddress, 64) }) > 0 {}
    }

    private func register(_ descriptor: Int32, token: UInt64, once: Bool, interest: Interest = .readable) -> Bool {
        #if canImport(Darwin)
        let flags = UInt16(EV_ADD) | (once ? UInt16(EV_ONESHOT) : 0)
        let filter = interest == .readable ? EVFILT_READ : EVFILT_WRITE
        var change = Darwin.kevent(ident: UInt(descriptor), filter: Int16(filter), flags: flags, fflags: 0, data: 0,
                                   udata: UnsafeMutableRawPointer(bitPattern: UInt(token)))
        return Darwin.kevent(queue, &change, 1, nil, 0, nil) == 0
        #else
        // One registration per descriptor: a watch for the other interest replaces it (below).
        var events = interest == .readable
            ? UInt32(EPOLLIN.rawValue) | UInt32(EPOLLRDHUP.rawValue)
            : UInt32(EPOLLOUT.rawValue)
        if once { events |= UInt32(EPOLLONESHOT.rawValue) }
        var event = epoll_event(events: events, data: epoll_data_t(u64: token))
        if epoll_ctl(queue, EPOLL_CTL_ADD, descriptor, &event) == 0 { return true }
        // Watched before and fired (one-shot leaves it registered, disabled): re-arm it.
        guard Platform.errno == EEXIST else { return false }
        return epoll_ctl(queue, EPOLL_CTL_MOD, descriptor, &event) == 0
        #endif
    }
}

extension Platform {
    /// `read(2)` on a descriptor that is not a socket (the wake-up pipe).
    static func readRaw(_ fd: Int32, _ pointer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        read(fd, pointer, count)
    }

    /// `write(2)` on a descriptor that is not a socket (the wake-up pipe).
    static func writeRaw(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        write(fd, pointer, count)
    }
}
