/// One way a source file breaks the platform fence: one case per rule, each naming the file
/// and line so the report says where to look.
enum FenceProblem: Equatable, CustomStringConvertible {
    /// A Linux-only name (`epoll`, `eventfd`, `accept4`, `SOCK_NONBLOCK`, `MSG_NOSIGNAL`,
    /// `Glibc`, `/proc/`, `dlopen`) in a file the README's fence list does not name.
    case linuxOnlyName(file: String, line: Int, name: String)
    /// A platform block with a Glibc branch and no Darwin branch: on Apple platforms it
    /// compiles something else, or nothing.
    case noDarwinTwin(file: String, line: Int)
    /// A platform block with a Darwin branch and no Glibc branch.
    case noGlibcTwin(file: String, line: Int)
    /// A platform block whose last branch is not `#else` with an `#error`: another C library
    /// would silently get one of the others' code.
    case silentFallback(file: String, line: Int)
    /// An API shape only FoundationNetworking has, outside `#if canImport(FoundationNetworking)`.
    case foundationNetworkingOnly(file: String, line: Int, shape: String)
    /// A pattern in the README's fence list that matches no file (the list is stale).
    case fenceMatchesNothing(pattern: String)

    var description: String {
        switch self {
        case .linuxOnlyName(let file, let line, let name):
            "\(file):\(line): `\(name)` is Linux-only; move the call into a fenced file (README's list)"
        case .noDarwinTwin(let file, let line): "\(file):\(line): a Glibc block without a Darwin branch"
        case .noGlibcTwin(let file, let line): "\(file):\(line): a Darwin block without a Glibc branch"
        case .silentFallback(let file, let line):
            "\(file):\(line): a platform block must end `#else #error(…)`, not fall back silently"
        case .foundationNetworkingOnly(let file, let line, let shape):
            "\(file):\(line): \(shape) is FoundationNetworking's shape; put it under #if canImport(FoundationNetworking)"
        case .fenceMatchesNothing(let pattern): "README's fence list names \(pattern), which matches no file"
        }
    }
}
