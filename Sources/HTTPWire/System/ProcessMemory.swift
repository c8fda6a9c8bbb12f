/// How this process's allocator treats large blocks, for a long-running relay whose traffic
/// comes in bursts of large messages and bodies.
///
/// ```swift
/// ProcessMemory.returnLargeBlocksWhenFreed()   // once, before relaying
/// ```
package enum ProcessMemory {
    /// A block at least this large is a large block (1 MiB).
    package static let largeBlockSize = 1 << 20

    /// Has a large block go back to the kernel as soon as it is freed, and free memory at the top
    /// of a heap past ``largeBlockSize`` too, so that the process returns to about its idle size
    /// once its large messages are gone (glibc; process-wide; set on the first call only).
    /// Returns whether the allocator took the setting.
    @discardableResult
    package static func returnLargeBlocksWhenFreed() -> Bool { largeBlocksReturned }

    /// Set once, the first time it is asked for (a static is initialised once, thread-safely).
    private static let largeBlocksReturned = Platform.setAllocatorThresholds(bytes: largeBlockSize)
}
