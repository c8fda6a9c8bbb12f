// Fenced: converts between platform sockaddr structures and `SocketAddress`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("no branch for this C library (Glibc and Darwin only)")
#endif

/// An IPv4 or IPv6 socket address (host and port).
package struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    private let storage: [UInt8]

    init(raw: UnsafePointer<sockaddr>, length: Int) {
        storage = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(raw), count: length))
    }

    func withSockAddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        storage.withUnsafeBytes { raw in
            // The storage always holds a whole sockaddr; an empty one is passed as a zeroed, zero-length address.
            guard let base = raw.baseAddress else {
                var empty = sockaddr()
                return withUnsafePointer(to: &empty) { body($0, 0) }
            }
            return body(base.assumingMemoryBound(to: sockaddr.self), socklen_t(storage.count))
        }
    }

    var family: Int32 {
        withSockAddr { pointer, _ in Int32(pointer.pointee.sa_family) }
    }

    /// The port number.
    package var port: Int {
        withSockAddr { pointer, _ in
            if Int32(pointer.pointee.sa_family) == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    /// The numeric host, e.g. `127.0.0.1` or `::1`.
    package var host: String {
        withSockAddr { pointer, _ in
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            if Int32(pointer.pointee.sa_family) == AF_INET6 {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    var address = $0.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
                }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    var address = $0.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count))
                }
            }
            return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// `host:port`, with brackets around an IPv6 host.
    package var description: String {
        family == AF_INET6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
