import HTTPWire
import Testing

/// The allocator setting a relay makes so that freed large blocks leave the process.
@Suite struct ProcessMemoryTests {
    // glibc takes the thresholds (mallopt answers 1 for each); elsewhere there is nothing to set.
    @Test func theAllocatorTakesTheLargeBlockThresholdsOnGlibcOnly() {
        #if canImport(Glibc)
        #expect(ProcessMemory.returnLargeBlocksWhenFreed())
        #else
        #expect(!ProcessMemory.returnLargeBlocksWhenFreed())
        #endif
        #expect(ProcessMemory.largeBlockSize == 1 << 20)
    }
}
