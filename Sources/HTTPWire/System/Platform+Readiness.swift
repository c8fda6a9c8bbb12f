// Fenced: the readiness APIs (epoll and eventfd on Linux, kqueue on Apple platforms) are named only here.
#if canImport(Glibc)
import CEpoll
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("no branch for this C library (Glibc and Darwin only)")
#endif

/// Tells one thread which of many descriptors can be read or written, without a thread per
/// descriptor: epoll on Linux, kqueue on Apple platforms. A registration lasts until it is
/// removed (or its descriptor closed) and reports readiness for as long as it holds (level
/// triggered), for the interest it has now; `modify` changes the interest. Another thread can
/// end a wait early with `wake()` (an eventfd on Linux, a pipe elsewhere).
///
/// ```swift
/// let poller = try ReadinessPoller()
/// try poller.add(socket.descriptor, token: 7, interest: .readable)
/// poller.wait(milliseconds: 1000) { token, readable, writable in … }   // 7, true, false
/// ```
final class ReadinessPoller: @unchecked Sendable {
    // Unchecked: the descriptors are fixed at init and the kernel calls on them are thread-safe;
    // `events` is used only by the one thread that waits, and `close()` is called once, by that
    // thread, after its last wait.
    private let queue: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// The token the wake-up descriptor reports under; never handed out.
    static let wakeToken = UInt64.max
    private static let capacity = 256
    #if canImport(Glibc)
    private var events = [epoll_event](repeating: epoll_event(), count: ReadinessPoller.capacity)
    #elseif canImport(Darwin)
    private var events = [Darwin.kevent](repeating: Darwin.kevent(), count: ReadinessPoller.capacity)
    #else
    #error("no branch for this C library (Glibc and Darwin only)")
    #endif

    /// What a registration waits for.
    struct Interest: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        /// Bytes to read, the end of the stream, or an error.
        static let readable = Interest(rawValue: 1)
        /// Room to write, or an error.
        static let writable = Interest(rawValue: 2)
    }

    init() throws(SocketError) {
        #if canImport(Glibc)
        let counter = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        guard counter >= 0 else { throw SocketError.fromErrno("eventfd") }
        wakeRead = counter
        wakeWrite = counter
        queue = epoll_create1(Int32(EPOLL_CLOEXEC))
        #elseif canImport(Darwin)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SocketError.fromErrno("pipe") }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        queue = kqueue()
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
        guard queue >= 0 else {
            let error = SocketError.fromErrno("create the readiness queue")
            closeWakeUp()
            throw error
        }
        guard change(wakeRead, token: Self.wakeToken, interest: .readable, adding: true) else {
            let error = SocketError.fromErrno("watch the wake-up descriptor")
            Platform.close(queue)
            closeWakeUp()
            throw error
        }
    }

    /// Starts reporting `descriptor` under `token` whenever it is ready as `interest` says.
    func add(_ descriptor: Int32, token: UInt64, interest: Interest) throws(SocketError) {
        guard change(descriptor, token: token, interest: interest, adding: true) else {
            throw SocketError.fromErrno("watch descriptor \(descriptor)")
        }
    }

    /// Changes what an added `descriptor` is reported for (`[]`: nothing, for now).
    func modify(_ descriptor: Int32, token: UInt64, interest: Interest) throws(SocketError) {
        guard change(descriptor, token: token, interest: interest, adding: false) else {
            throw SocketError.fromErrno("change the watch on descriptor \(descriptor)")
        }
    }

    /// Stops watching `descriptor` (before it is closed, or handed to a thread). Removing one
    /// that is not watched is harmless.
    func remove(_ descriptor: Int32) {
        #if canImport(Glibc)
        var unused = epoll_event()
        _ = epoll_ctl(queue, EPOLL_CTL_DEL, descriptor, &unused)
        #elseif canImport(Darwin)
        for filter in [EVFILT_READ, EVFILT_WRITE] {
            var change = Darwin.kevent(ident: UInt(descriptor), filter: Int16(filter), flags: UInt16(EV_DELETE),
                                       fflags: 0, data: 0, udata: nil)
            _ = Darwin.kevent(queue, &change, 1, nil, 0, nil)
        }
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
    }

    /// Waits up to `milliseconds` (-1: until something happens) and calls `ready` once for each
    /// descriptor that is ready, with its token and what it is ready for (the platform's events
    /// folded by ``Readiness/collect(_:wakeToken:)``: an error or hang-up counts as both, so the
    /// handler's next read or write meets it). Returns whether a `wake()` ended the wait.
    @discardableResult
    func wait(milliseconds: Int32, _ ready: (_ token: UInt64, _ readable: Bool, _ writable: Bool) -> Void) -> Bool {
        #if canImport(Glibc)
        let count = events.withUnsafeMutableBufferPointer { buffer in
            epoll_wait(queue, buffer.baseAddress, Int32(Self.capacity), milliseconds)
        }
        let reported = events[0..<max(0, Int(count))].lazy.map { event in
            Readiness.KernelEvent.mask(token: event.data.u64,
                                       input: event.events & UInt32(EPOLLIN.rawValue) != 0,
                                       output: event.events & UInt32(EPOLLOUT.rawValue) != 0,
                                       readHangUp: event.events & UInt32(EPOLLRDHUP.rawValue) != 0,
                                       hangUp: event.events & UInt32(EPOLLHUP.rawValue) != 0,
                                       error: event.events & UInt32(EPOLLERR.rawValue) != 0)
        }
        #elseif canImport(Darwin)
        var timeout = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
        let count = events.withUnsafeMutableBufferPointer { buffer in
            milliseconds < 0
                ? Darwin.kevent(queue, nil, 0, buffer.baseAddress, Int32(Self.capacity), nil)
                : Darwin.kevent(queue, nil, 0, buffer.baseAddress, Int32(Self.capacity), &timeout)
        }
        let reported = events[0..<max(0, Int(count))].lazy.map { event in
            Readiness.KernelEvent.filter(token: UInt64(UInt(bitPattern: event.udata)),
                                         Int32(event.filter) == EVFILT_WRITE ? .write : .read,
                                         endOfFile: event.flags & UInt16(EV_EOF) != 0,
                                         failed: event.flags & UInt16(EV_ERROR) != 0,
                                         socketError: event.fflags != 0)
        }
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
        let batch = Readiness.collect(reported, wakeToken: Self.wakeToken)
        for readiness in batch.ready { ready(readiness.token, readiness.readable, readiness.writable) }
        if batch.woken { drainWakeUps() }
        return batch.woken
    }

    /// Ends a `wait` in progress (or the next one) early. Safe from any thread.
    func wake() {
        #if canImport(Glibc)
        var one: UInt64 = 1
        _ = Platform.writeRaw(wakeWrite, &one, 8)
        #elseif canImport(Darwin)
        var byte: UInt8 = 1
        _ = Platform.writeRaw(wakeWrite, &byte, 1)
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
    }

    /// Releases the queue and the wake-up descriptor.
    func close() {
        Platform.close(queue)
        closeWakeUp()
    }

    private func closeWakeUp() {
        Platform.close(wakeRead)
        if wakeWrite != wakeRead { Platform.close(wakeWrite) }
    }

    private func drainWakeUps() {
        var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        #if canImport(Glibc)
        // One read takes an eventfd's whole count.
        _ = withUnsafeMutableBytes(of: &scratch.0) { Platform.readRaw(wakeRead, $0.baseAddress, $0.count) }
        #elseif canImport(Darwin)
        while withUnsafeMutableBytes(of: &scratch, { Platform.readRaw(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
    }

    private func change(_ descriptor: Int32, token: UInt64, interest: Interest, adding: Bool) -> Bool {
        #if canImport(Glibc)
        var flags: UInt32 = 0
        if interest.contains(.readable) { flags |= UInt32(EPOLLIN.rawValue) | UInt32(EPOLLRDHUP.rawValue) }
        if interest.contains(.writable) { flags |= UInt32(EPOLLOUT.rawValue) }
        var event = epoll_event(events: flags, data: epoll_data_t(u64: token))
        return epoll_ctl(queue, adding ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, descriptor, &event) == 0
        #elseif canImport(Darwin)
        // Each filter is its own registration, enabled or disabled as the interest says.
        var changes = [(EVFILT_READ, Interest.readable), (EVFILT_WRITE, Interest.writable)].map { filter, wanted in
            Darwin.kevent(ident: UInt(descriptor), filter: Int16(filter),
                          flags: UInt16(EV_ADD) | UInt16(interest.contains(wanted) ? EV_ENABLE : EV_DISABLE),
                          fflags: 0, data: 0, udata: UnsafeMutableRawPointer(bitPattern: UInt(token)))
        }
        if descriptor == wakeRead { changes.removeLast() }
        return Darwin.kevent(queue, &changes, Int32(changes.count), nil, 0, nil) == 0
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
    }
}

extension Platform {
    /// `read(2)` on a descriptor that is not a socket (the wake-up descriptor).
    static func readRaw(_ fd: Int32, _ pointer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        read(fd, pointer, count)
    }

    /// `write(2)` on a descriptor that is not a socket (the wake-up descriptor).
    static func writeRaw(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        write(fd, pointer, count)
    }

    /// An id for the calling thread, equal for the same thread and different between threads
    /// alive at once.
    static var currentThreadID: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #elseif canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
    }
}
