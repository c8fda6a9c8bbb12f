// Fenced: the C library's allocator settings are named only here. glibc's `mallopt` is not in
// Swift's Glibc module, so it is found with dlsym in the process's own symbols.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("Platform+Memory.swift knows Glibc and Darwin only: add this C library's allocator settings")
#endif

extension Platform {
    /// Sets glibc's allocator so that a block of `bytes` or more is mapped from the kernel and
    /// unmapped when freed (`M_MMAP_THRESHOLD`), and free memory past `bytes` at the top of a
    /// heap is given back (`M_TRIM_THRESHOLD`). Setting either turns off glibc's default of
    /// raising both after each large block is freed (up to 32 and 64 MiB), which leaves tens of
    /// MiB free but resident in every thread's heap. Returns whether both were taken; on Darwin
    /// there is nothing to set and it returns false.
    static func setAllocatorThresholds(bytes: Int) -> Bool {
        #if canImport(Glibc)
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        // From glibc's <malloc.h>.
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        let value = Int32(clamping: bytes)
        return mallopt(mmapThreshold, value) == 1 && mallopt(trimThreshold, value) == 1
        #elseif canImport(Darwin)
        // Darwin's allocator returns large freed blocks to the kernel itself: nothing to set.
        return false
        #else
        #error("Platform+Memory.swift knows Glibc and Darwin only")
        #endif
    }
}
