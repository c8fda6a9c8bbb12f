// The module's only platform-specific file, and KitchenIntercept's too (through `move`): POSIX
// calls for appending, syncing and atomic replacement. Foundation's FileHandle offers neither O_APPEND nor fdatasync portably.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("no branch for this C library (Glibc and Darwin only)")
#endif
import Synchronization

/// Thin, typed wrappers over `open`, `write`, `fsync`/`fdatasync` (`F_FULLFSYNC` on Darwin),
/// `rename` and `close`.
package enum POSIXFile {
    /// A failed call: which one, and `errno` in words.
    struct Failure: Error, Sendable {
        let operation: String
        let code: Int32

        var message: String { "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))" }
    }

    /// Creates `path` for appending (mode 0600), refusing one that exists and a symbolic link
    /// planted in its place (`O_EXCL | O_NOFOLLOW`): a journal is never written through a link
    /// to somewhere else, nor appended to a file left by someone else.
    static func createExclusively(_ path: String) throws(Failure) -> Int32 {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(operation: "create", code: errno) }
        return fd
    }

    /// Whether the open file no longer has a name (it was removed while open).
    static func isUnlinked(_ fd: Int32) throws(Failure) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(operation: "fstat", code: errno) }
        return info.st_nlink == 0
    }

    /// Writes all of `bytes`, continuing after a short write or `EINTR`. For a regular file a
    /// single `write` normally takes everything, so a record is one call.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(Failure) {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "write", code: errno)
            }
            done += written
        }
    }

    /// Flushes the file's data (and the metadata needed to read it back) to the device.
    static func syncData(_ fd: Int32) throws(Failure) {
        #if canImport(Glibc)
        guard fdatasync(fd) == 0 else { throw Failure(operation: "fdatasync", code: errno) }
        #elseif canImport(Darwin)
        try syncAll(fd)
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
    }

    /// Flushes the file's data and all of its metadata to the device.
    static func syncAll(_ fd: Int32) throws(Failure) {
        #if canImport(Glibc)
        guard fsync(fd) == 0 else { throw Failure(operation: "fsync", code: errno) }
        #elseif canImport(Darwin)
        // Darwin's fsync stops at the drive, which may keep the bytes in its volatile cache;
        // F_FULLFSYNC asks the drive to write them out (fcntl(2)). File systems that do not
        // support it (some network and FUSE ones) refuse it, and fsync is the best left there.
        if fcntl(fd, F_FULLFSYNC) == 0 { return }
        guard fsync(fd) == 0 else { throw Failure(operation: "fsync", code: errno) }
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
    }

    /// Closes `fd`. Not retried on `EINTR`: Linux has released the descriptor by then.
    static func close(_ fd: Int32) throws(Failure) {
        #if canImport(Glibc)
        let result = Glibc.close(fd)
        #elseif canImport(Darwin)
        let result = Darwin.close(fd)
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
        guard result == 0 || errno == EINTR else { throw Failure(operation: "close", code: errno) }
    }

    private static let temporaryCounter = Atomic<Int>(0)

    /// Replaces `path` with `bytes` so that a reader sees the old file or the new one, never
    /// a mix: write a temporary file in the same directory, fsync it, rename it over `path`
    /// (atomic within a file system, POSIX `rename`), then fsync the directory so the rename
    /// itself survives a power cut.
    static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let (directory, name) = split(path)
        let serial = temporaryCounter.wrappingAdd(1, ordering: .relaxed).newValue
        let temporary = "\(directory)/.\(name).\(getpid()).\(serial).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(operation: "open \(temporary)", code: errno) }
        do throws(Failure) {
            try writeAll(fd, bytes)
            try syncAll(fd)
            try close(fd)
        } catch {
            _ = try? close(fd)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(operation: "rename", code: code)
        }
        try syncDirectory(directory)
    }

    /// Moves `source` onto `destination`, replacing it in one step (`rename(2)`, atomic within a
    /// file system; FileManager's move refuses an existing destination). Returns `errno` in
    /// words on failure, nil on success.
    package static func move(_ source: String, onto destination: String) -> String? {
        guard rename(source, destination) != 0 else { return nil }
        return String(cString: strerror(errno))
    }

    /// Deletes `path` and makes the deletion durable.
    static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 else { throw Failure(operation: "unlink", code: errno) }
        try syncDirectory(split(path).directory)
    }

    private static func syncDirectory(_ directory: String) throws(Failure) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(operation: "open \(directory)", code: errno) }
        defer { _ = try? close(fd) }
        // Some file systems cannot sync a directory and say so with EINVAL; nothing more can be done there.
        do throws(Failure) { try syncAll(fd) } catch where error.code == EINVAL {} catch {
            throw Failure(operation: "fsync \(directory)", code: error.code)
        }
    }

    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = path[..<slash]
        return (directory.isEmpty ? "/" : String(directory), String(path[path.index(after: slash)...]))
    }
}
