// The C-library calls behind SpawnedProcess: posix_spawn, pipes, waiting and signals.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("no branch for this C library (Glibc and Darwin only)")
#endif

/// Starting, reading, signalling and reaping a child, named here only.
enum SpawnPlatform {
    /// A pipe whose ends are close-on-exec from the start, so a child another thread spawns
    /// meanwhile does not inherit them (the spawn's `dup2` clears the flag on 0, 1 and 2).
    static func makePipe() throws(SpawnError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        guard let makeClosingPipe = pipeWithFlags else { throw .setUp(call: "pipe2", code: ENOSYS) }
        guard makeClosingPipe(&ends, O_CLOEXEC) == 0 else { throw .setUp(call: "pipe2", code: errno) }
        #elseif canImport(Darwin)
        // Darwin has no pipe2; POSIX_SPAWN_CLOEXEC_DEFAULT keeps the ends out of our other children.
        guard pipe(&ends) == 0 else { throw .setUp(call: "pipe", code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
        return (ends[0], ends[1])
    }

    /// Starts `path` with `arguments` (argv[0] is `path`) and `environment` ("NAME=value"
    /// each): standard input from /dev/null, standard output and error onto `output` and
    /// `error`, no other descriptor of this process inherited. The child gets a process group
    /// of its own (as Foundation's `Process` gives it), no blocked signal, and SIGINT and SIGTERM
    /// at their default actions: a child inherits both the mask of the thread that spawns it
    /// (Dispatch's threads block nearly every signal) and what this process ignores (SIGINT
    /// and SIGTERM, once a command has run in-process), and a test's signal must reach it.
    static func spawn(path: String, arguments: [String], environment: [String], output: Int32, error: Int32) throws(SpawnError) -> Int32 {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #elseif canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
        try check("posix_spawn_file_actions_init", posix_spawn_file_actions_init(&actions))
        defer { posix_spawn_file_actions_destroy(&actions) }
        try check("posix_spawnattr_init", posix_spawnattr_init(&attributes))
        defer { posix_spawnattr_destroy(&attributes) }
        try check("posix_spawn_file_actions_addopen", posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0))
        try check("posix_spawn_file_actions_adddup2", posix_spawn_file_actions_adddup2(&actions, output, 1))
        try check("posix_spawn_file_actions_adddup2", posix_spawn_file_actions_adddup2(&actions, error, 2))
        var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Glibc)
        guard let addCloseFrom = closeFromAction else { throw .closeFromUnavailable }
        try check("posix_spawn_file_actions_addclosefrom_np", addCloseFrom(&actions, 3))
        #elseif canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        #error("no branch for this C library (Glibc and Darwin only)")
        #endif
        try check("posix_spawnattr_setflags", posix_spawnattr_setflags(&attributes, Int16(flags)))
        try check("posix_spawnattr_setpgroup", posix_spawnattr_setpgroup(&attributes, 0))
        var unblocked = sigset_t(), defaults = sigset_t()
        sigemptyset(&unblocked)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        try check("posix_spawnattr_setsigmask", posix_spawnattr_setsigmask(&attributes, &unblocked))
        try check("posix_spawnattr_setsigdefault", posix_spawnattr_setsigdefault(&attributes, &defaults))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw .cannotStart(executable: path, code: result, reason: String(cString: strerror(result))) }
        return pid
    }

    #if canImport(Glibc)
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias PipeWithFlags = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later); nil on an older glibc.
    private static let closeFromAction = glibcFunction("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)
    /// glibc's `pipe2`.
    private static let pipeWithFlags = glibcFunction("pipe2", as: PipeWithFlags.self)

    /// A function of the C library that Swift's Glibc module does not show (it needs
    /// _GNU_SOURCE, or is newer than the module map), looked up by name.
    private static func glibcFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
        // RTLD_DEFAULT is `((void *) 0)` in glibc's dlfcn.h: search the global symbols.
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
    #elseif canImport(Darwin)
    #else
    #error("no branch for this C library (Glibc and Darwin only)")
    #endif

    private static func check(_ call: String, _ result: Int32) throws(SpawnError) {
        guard result == 0 else { throw .setUp(call: call, code: result) }
    }

    /// Reads what is there (blocking until something is), or nothing at end of stream or on error.
    static func readAvailable(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { return 0 }
        }
    }

    static func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }

    /// Blocks until `pid` has ended, leaving it a zombie: until it is reaped its id is not
    /// reused, so a signal sent meanwhile cannot reach another process.
    static func awaitExit(of pid: Int32) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
    }

    /// Reaps `pid`, which has ended, and returns its wait status; nil when another waiter
    /// reaped it first.
    static func reap(_ pid: Int32) -> Int32? {
        var status: Int32 = 0
        while true {
            if waitpid(pid, &status, 0) == pid { return status }
            if errno != EINTR { return nil }
        }
    }

    static func send(_ signal: Int32, to pid: Int32) { _ = kill(pid, signal) }
}
