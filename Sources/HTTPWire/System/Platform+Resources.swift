// Fenced: the process's resources (open-descriptor limit, processor count, the C library's
// allocator settings) are named only here. glibc's `mallopt` is not in Swift's Glibc module, so
// it is found with dlsym in the process's own symbols.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("no branch for this C library (Glibc and Darwin only)")
#endif

extension Platform {
    /// Raises the soft limit on open descriptors to `count`, or to the hard limit if that is
    /// lower; never lowers it. A server that holds thousands of idle connections needs more
    /// than the common default of 1024.
    static func raiseOpenFileLimit(toAtLeast count: Int) {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #elseif canImport(Darwin)
        let resource = RLIMIT_NOFILE
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
        limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
        _ = setrlimit(resource, &limit)
    }

    /// The number of processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
    static var onlineProcessorCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

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
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
    }
}
