import Testing

/// Whether a test can make a small file system of its own with Linux's `mount -t tmpfs`
/// (a full disk on demand). macOS's `mount` has no tmpfs, so such tests report themselves skipped there.
///
/// ```swift
/// @Test(.enabled(if: TmpfsMount.isAvailable, TmpfsMount.skipReason)) func fullDisk() async throws { … }
/// ```
public enum TmpfsMount {
    /// True where `mount` is Linux's. Root is still needed; the test says so when the mount fails.
    public static var isAvailable: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// Why a tmpfs test did not run.
    public static let skipReason: Comment =
        "SKIPPED: needs Linux's `mount -t tmpfs` to fill a disk on purpose; this platform's mount has no tmpfs"
}
