// The module's only platform-specific file: `rename(2)`, which replaces a file atomically
// (FileManager's move refuses an existing destination).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("KitchenIntercept needs a POSIX C library")
#endif

enum AtomicPlacement {
    /// Moves `source` onto `destination`, replacing it in one step; `errno` in words on failure.
    static func move(_ source: String, onto destination: String) -> String? {
        guard rename(source, destination) != 0 else { return nil }
        return String(cString: strerror(errno))
    }
}
