// Fenced: the process resource limits and the processor count are named only here.
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
}
