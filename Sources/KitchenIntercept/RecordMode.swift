/// When a replaying test records its recording instead of replaying it.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Never: a missing recording fails the test with the command that records it.
    case never
    /// When the recording is missing (vcrpy's `once`): the first run records, later runs replay.
    case missing
    /// Always, replacing the recording.
    case all
}
