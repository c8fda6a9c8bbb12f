// The one file in HTTPWire that names POSIX APIs. Everything else calls `Platform`; TLS
// libraries, and the dynamic loader that opens them, are named only in the fenced
// Platform+OpenSSL*.swift and Platform+AppleTLS.swift.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("no branch for this C library (Glibc and Darwin only)")
#endif

/// Thin, typed wrappers over the POSIX calls HTTPWire needs, with the
/// platform differences (socket type constants, SIGPIPE suppression, errno
/// access) resolved here and nowhere else.
enum Platform {
    static var errno: Int32 {
        posixErrno()
    }

    static func errorDescription(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }

    static let interrupted = Int32(EINTR)
    static let wouldBlock = Int32(EAGAIN)
    static let wouldBlockAlternative = Int32(EWOULDBLOCK)
    static let connectionRefused = Int32(ECONNREFUSED)
    static let connectionReset = Int32(ECONNRESET)
    static let brokenPipe = Int32(EPIPE)
    static let timedOut = Int32(ETIMEDOUT)

    /// A TCP stream socket for `family`, close-on-exec, with SIGPIPE suppressed where the
    /// platform does that per socket.
    static func makeStreamSocket(family: Int32) -> Int32 {
        #if canImport(Glibc)
        return socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #elseif canImport(Darwin)
        let fd = Darwin.socket(family, SOCK_STREAM, 0)
        if fd >= 0 {
            var on: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return fd
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
    }

    /// `send` that never raises SIGPIPE; unless `blocking`, it returns at once with EAGAIN
    /// instead of waiting for room.
    static func send(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int, blocking: Bool) -> Int {
        posixSend(fd, pointer, count, noBrokenPipeSignal | (blocking ? 0 : Int32(MSG_DONTWAIT)))
    }

    /// The flag that keeps a send from raising SIGPIPE: Linux's per call; on Darwin every socket
    /// carries `SO_NOSIGPIPE` instead (``makeStreamSocket(family:)``, ``accept(_:)``).
    #if canImport(Glibc)
    private static let noBrokenPipeSignal = Int32(MSG_NOSIGNAL)
    #elseif canImport(Darwin)
    private static let noBrokenPipeSignal: Int32 = 0
    #else
    #error("no branch for this C library (Glibc and Darwin only)")
    #endif

    /// `recv`; unless `blocking`, it returns at once with EAGAIN instead of waiting for bytes.
    static func receive(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int, blocking: Bool) -> Int {
        recv(fd, pointer, count, blocking ? 0 : Int32(MSG_DONTWAIT))
    }

    static func close(_ fd: Int32) {
        _ = posixClose(fd)
    }

    /// Shuts down the sending direction only (`writeOnly`), or both.
    static func shutdown(_ fd: Int32, writeOnly: Bool) {
        _ = posixShutdown(fd, writeOnly ? Int32(SHUT_WR) : Int32(SHUT_RDWR))
    }

    static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) {
        var value = value
        _ = setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Makes every call on `fd` return at once instead of blocking (`O_NONBLOCK`), or undoes it.
    static func setNonBlocking(_ fd: Int32, _ on: Bool) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    /// Whether `code` says no descriptor is left (per process or system-wide).
    static func isOutOfDescriptors(_ code: Int32) -> Bool { code == EMFILE || code == ENFILE }

    static func setNoDelay(_ fd: Int32) {
        setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
    }

    static func setReuseAddress(_ fd: Int32) {
        setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
    }

    /// Sets SO_RCVTIMEO or SO_SNDTIMEO; `nil` means wait forever.
    static func setTimeout(_ fd: Int32, receive: Bool, milliseconds: Int?) {
        var time = timeval()
        if let milliseconds {
            time.tv_sec = .init(milliseconds / 1000)
            time.tv_usec = .init(milliseconds % 1000 * 1000)
        }
        _ = setsockopt(fd, SOL_SOCKET, receive ? SO_RCVTIMEO : SO_SNDTIMEO, &time,
                       socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sets SO_LINGER {on, 0}: the next close sends RST instead of FIN (used to simulate a reset).
    static func setAbortiveClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Resolves `host:port` to socket addresses (numeric or named hosts), streams only.
    static func resolve(host: String, port: Int, passive: Bool) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #elseif canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
        if passive { hints.ai_flags = AI_PASSIVE }
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &result) == 0, let first = result else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            if let address = info.pointee.ai_addr {
                addresses.append(SocketAddress(raw: address, length: Int(info.pointee.ai_addrlen)))
            }
            cursor = info.pointee.ai_next
        }
        return addresses
    }

    static func bind(_ fd: Int32, _ address: SocketAddress) -> Bool {
        address.withSockAddr { pointer, length in posixBind(fd, pointer, length) == 0 }
    }

    static func listen(_ fd: Int32, backlog: Int32) -> Bool {
        posixListen(fd, backlog) == 0
    }

    static func accept(_ fd: Int32) -> (Int32, SocketAddress?) {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let client = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { posixAccept(fd, $0, &length) }
        }
        guard client >= 0 else { return (client, nil) }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        #if canImport(Glibc)
        // Linux's accepted sockets block, and MSG_NOSIGNAL on every send stands in for SO_NOSIGPIPE.
        #elseif canImport(Darwin)
        setOption(client, level: SOL_SOCKET, name: SO_NOSIGPIPE, value: 1)
        // BSD sockets inherit O_NONBLOCK from the listener (Linux's do not): accepted ones block.
        setNonBlocking(client, false)
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
        let address = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SocketAddress(raw: $0, length: Int(length)) }
        }
        return (client, address)
    }

    static func localAddress(_ fd: Int32) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return nil }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SocketAddress(raw: $0, length: Int(length)) }
        }
    }

    /// Waits until `fd` is readable or `milliseconds` pass (-1: forever). Returns whether it is readable.
    static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        wait(fd, for: Int16(POLLIN), milliseconds: Int(milliseconds))
    }

    /// Ignores SIGPIPE process-wide (belt and braces next to MSG_NOSIGNAL / SO_NOSIGPIPE).
    static func ignoreBrokenPipeSignal() {
        _ = signal(SIGPIPE, SIG_IGN)
    }
}

// The C library's calls that `Platform`'s methods of the same names hide inside it, named at
// file scope, where they resolve in Glibc and Darwin alike.
private func posixErrno() -> Int32 { errno }
private func posixSend(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(fd, pointer, count, flags)
}
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
private func posixShutdown(_ fd: Int32, _ how: Int32) -> Int32 { shutdown(fd, how) }
private func posixBind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    bind(fd, address, length)
}
private func posixListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func posixAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 {
    accept(fd, address, length)
}
