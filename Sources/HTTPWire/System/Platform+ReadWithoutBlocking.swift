// Fenced: the non-blocking receive the head-reading loop uses is named only here.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// `recv` that returns at once with EAGAIN instead of blocking, whatever the socket's mode.
    static func receiveWithoutBlocking(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        recv(fd, pointer, count, MSG_DONTWAIT)
        #else
        recv(fd, pointer, count, Int32(MSG_DONTWAIT))
        #endif
    }
}

extension Socket {
    /// Receives what has already arrived, up to `buffer.count` bytes, never waiting (plain TCP
    /// only: a server's accepted sockets). Returns 0 at end of stream, nil when nothing has
    /// arrived yet.
    func readWithoutBlocking(into buffer: UnsafeMutableRawBufferPointer) throws(SocketError) -> Int? {
        guard let base = buffer.baseAddress else { return 0 }
        while true {
            guard !isClosed else { throw SocketError(kind: .closed, operation: "read") }
            let count = Platform.receiveWithoutBlocking(descriptor, base, buffer.count)
            if count >= 0 { return count }
            let code = Platform.errno
            if code == Platform.interrupted { continue }
            if code == Platform.wouldBlock || code == Platform.wouldBlockAlternative { return nil }
            throw SocketError.fromErrno("read")
        }
    }
}
