/// Why a ``SpawnedProcess`` did not start.
public enum SpawnError: Error, Equatable, CustomStringConvertible {
    /// `posix_spawn` refused `executable`: `code` is its error number (ENOENT for a missing
    /// file, EACCES for one that is not executable).
    case cannotStart(executable: String, code: Int32, reason: String)
    /// A call preparing the spawn (a pipe, a file action, an attribute) failed with error `code`.
    case setUp(call: String, code: Int32)
    /// This C library has no `posix_spawn_file_actions_addclosefrom_np` (glibc before 2.34), so
    /// a child could not be kept from inheriting this process's descriptors.
    case closeFromUnavailable

    public var description: String {
        switch self {
        case .cannotStart(let executable, let code, let reason): "cannot start \(executable): \(reason) (error \(code))"
        case .setUp(let call, let code): "\(call) failed with error \(code) while preparing a child process"
        case .closeFromUnavailable:
            "posix_spawn_file_actions_addclosefrom_np is missing (glibc 2.34 or later has it); children would inherit open descriptors"
        }
    }
}
