// Fenced: connecting a socket, with a time limit that every platform honours.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("no branch for this C library (Glibc and Darwin only)")
#endif

extension Platform {
    /// Connects `fd` to `address` and waits for the answer, at most `milliseconds` when given
    /// (nil: as long as the system's own limit). Returns 0 when connected, else the errno value,
    /// `ETIMEDOUT` when the time ran out. The socket blocks again afterwards.
    ///
    /// The limit is kept by starting a non-blocking connect, waiting for writability with
    /// `poll` up to the deadline and then reading `SO_ERROR`: `SO_SNDTIMEO` bounds a blocking
    /// connect on Linux only (XNU ignores it there and waits about 75 s for a silent host).
    static func connect(_ fd: Int32, _ address: SocketAddress, timeoutMilliseconds: Int?) -> Int32 {
        var code = startConnecting(fd, address)
        if code == inProgress {
            code = wait(fd, for: Int16(POLLOUT), milliseconds: timeoutMilliseconds ?? -1) ? pendingError(fd) : timedOut
        }
        setNonBlocking(fd, false)
        return code
    }

    /// Starts connecting `fd` (made non-blocking for it) to `address`: 0 when connected at once,
    /// `EINPROGRESS` while under way (the socket turns writable when it is done, see
    /// ``pendingError(_:)``), another errno value when it failed.
    static func startConnecting(_ fd: Int32, _ address: SocketAddress) -> Int32 {
        setNonBlocking(fd, true)
        if address.withSockAddr({ pointer, length in posixConnect(fd, pointer, length) }) == 0 { return 0 }
        let code = errno
        return code == EINTR ? EINPROGRESS : code
    }

    /// `EINPROGRESS`: a connection under way.
    static let inProgress = Int32(EINPROGRESS)

    /// The error a connection under way ended with (`SO_ERROR`), 0 when it is connected.
    static func pendingError(_ fd: Int32) -> Int32 {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return errno }
        return code
    }

    /// Waits with `poll(2)` until `fd` reports one of `events` (or an error or hang-up) or
    /// `milliseconds` pass (negative: forever); a signal that interrupts the wait does not
    /// extend it.
    static func wait(_ fd: Int32, for events: Int16, milliseconds: Int) -> Bool {
        var descriptor = pollfd(fd: fd, events: events, revents: 0)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(max(0, milliseconds)))
        var remaining = Int32(clamping: milliseconds)
        while true {
            let result = poll(&descriptor, 1, remaining)
            guard result < 0, errno == interrupted else { return result > 0 }
            if milliseconds >= 0 {
                let left = clock.now.duration(to: deadline)
                remaining = left > .zero ? Int32(clamping: left.socketTimeoutMilliseconds) : 0
            }
        }
    }
}

/// `connect(2)`, which `Platform.connect` hides inside `Platform`, named at file scope, where it
/// resolves in Glibc and Darwin alike.
private func posixConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}
