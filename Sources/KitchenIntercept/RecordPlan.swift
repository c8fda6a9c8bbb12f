import Foundation
import KitchenRecorder

/// Whether a replaying test replays or records, from the mode it asked for and the environment:
///
/// | environment | effective mode |
/// |---|---|
/// | `KITCHEN_RECORD=never\|missing\|all` | that mode, for every replaying test |
/// | `CI` set (not `0`/`false`/`no`), `KITCHEN_RECORD` unset | `never`: CI only replays |
/// | neither | the test's own `record:` |
///
/// `KITCHEN_RECORD_URL=http[s]://host[:port][/base]` names the live server to record against; unset,
/// the test's own (the `.replaying` trait's `server:`, by default the embedded simulator).
///
/// ```swift
/// let plan = try RecordPlan(requested: .missing, environment: ProcessInfo.processInfo.environment)
/// switch plan.action(recordingExists: false) { case .record: …; case .replay: …; case .fail: … }
/// ```
public struct RecordPlan: Sendable, Equatable {
    /// What to do with one test.
    public enum Action: Sendable, Equatable {
        /// Replay the recording that exists.
        case replay
        /// Record it through the recorder against a live server.
        case record
        /// The recording is missing and this run may not record it.
        case fail
    }

    /// Where the effective mode came from.
    public enum Source: Sendable, Equatable {
        /// The test's own `record:`.
        case test
        /// `KITCHEN_RECORD`.
        case environment
        /// `CI` is set: the test's `missing` or `all` was turned into `never`.
        case continuousIntegration
    }

    /// `KITCHEN_RECORD`: `never`, `missing` or `all`, for every replaying test of the run.
    public static let modeVariable = "KITCHEN_RECORD"
    /// `KITCHEN_RECORD_URL`: the live server to record against.
    public static let upstreamVariable = "KITCHEN_RECORD_URL"

    /// The mode in force for this test.
    public let mode: RecordMode
    /// Why that mode is in force.
    public let source: Source
    /// The live server to record against; `nil` for the test's own.
    public let upstream: URL?

    /// The plan for a test that asked for `requested`, in `environment`.
    public init(requested: RecordMode, environment: [String: String]) throws(RecordPlanError) {
        if let value = environment[Self.modeVariable], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value.lowercased()) else { throw .invalidMode(value) }
            self.mode = mode
            source = .environment
        } else if Self.isContinuousIntegration(environment), requested != .never {
            mode = .never
            source = .continuousIntegration
        } else {
            mode = requested
            source = .test
        }
        if let value = environment[Self.upstreamVariable], !value.isEmpty {
            guard let url = URL(string: value), RecordingProxyConfiguration.endpoint(of: url) != nil else { throw .invalidUpstream(value) }
            upstream = url
        } else {
            upstream = nil
        }
    }

    /// `recordedThisRun`: another test of this run already recorded the same file, so `all` replays it.
    public func action(recordingExists: Bool, recordedThisRun: Bool = false) -> Action {
        switch (mode, recordingExists) {
        case (.all, true) where recordedThisRun: .replay
        case (.all, _), (.missing, false): .record
        case (_, true): .replay
        case (.never, false): .fail
        }
    }

    static func isContinuousIntegration(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased(), !value.isEmpty else { return false }
        return !["0", "false", "no"].contains(value)
    }
}

/// A recording setting in the environment that cannot be used.
public enum RecordPlanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `KITCHEN_RECORD` is not `never`, `missing` or `all`.
    case invalidMode(String)
    /// `KITCHEN_RECORD_URL` is not an `http://` or `https://` URL with a host.
    case invalidUpstream(String)

    public var description: String {
        switch self {
        case .invalidMode(let value):
            "\(RecordPlan.modeVariable)=\(value) is not a mode; use never, missing or all"
        case .invalidUpstream(let value):
            "\(RecordPlan.upstreamVariable)=\(value) must be an http:// or https:// URL with a host"
        }
    }
}
