import Foundation
import HarnessCore
import KitchenRecording
import KitchenReplay
import KitchenTesting
import Testing

/// Serves a recording to the test in-process, on virtual time, and fails the test (strict,
/// the default) when a request does not match the recording or a recorded entry goes unused.
///
/// ```swift
/// @Test(.replaying("Recordings/bugs/duplicate-cycle-complete.har"))
/// func cycleCompletesOnceAcrossAReconnect() async throws {
///     let replay = try Replaying.current
///     let devices = DeviceViewModel(api: replay.session.client(), webSocket: …, clock: replay.clock)
///     …
/// }
/// ```
/// A relative path is found from the current directory, then from the test file's folder
/// upwards (so `Recordings/…` works from any test target).
public struct ReplayingTrait: TestTrait, SuiteTrait, TestScoping {
    public let path: String
    public let mode: ReplayMode
    public let strict: Bool
    let sourceFile: String

    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        let document = try HARFile.load(from: try resolve())
        // Virtual time starts where the recording does, so recorded instants line up with it.
        let start = document.log.entries.first.flatMap { Timestamp.date(from: $0.startedDateTime) } ?? Date(timeIntervalSince1970: 0)
        let clock = VirtualClock(startDate: start)
        let session = ReplaySession(document: document, mode: mode, clock: clock, speed: .scaled(1))
        try await Replaying.$active.withValue(Replaying(session: session, clock: clock)) {
            try await function()
        }
        guard strict else { return }
        for problem in session.problems {
            Issue.record(Comment(rawValue: "replay of \(path): \(problem)"))
        }
    }

    /// The recording's location.
    func resolve() throws -> URL {
        let fileManager = FileManager.default
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        let here = URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent(path)
        if fileManager.fileExists(atPath: here.path) { return here }
        var folder = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent(path)
            if fileManager.fileExists(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        throw ReplayingError.recordingNotFound(path)
    }
}

extension Trait where Self == ReplayingTrait {
    /// Serves the HAR at `path` to the test (see ``ReplayingTrait``).
    public static func replaying(_ path: String, mode: ReplayMode = .once, strict: Bool = true,
                                 sourceFile: String = #filePath) -> Self {
        ReplayingTrait(path: path, mode: mode, strict: strict, sourceFile: sourceFile)
    }
}

/// The replay a `.replaying` trait set up for the running test.
public struct Replaying: Sendable {
    /// The recording, served in-process: `session.client()`, `session.connector`.
    public let session: ReplaySession
    /// The virtual clock the WebSocket timeline runs on.
    public let clock: VirtualClock

    @TaskLocal static var active: Replaying?

    /// The current test's replay; throws outside a `.replaying` test.
    public static var current: Replaying {
        get throws {
            guard let active else { throw ReplayingError.noReplay }
            return active
        }
    }
}

/// Why a `.replaying` test could not start.
public enum ReplayingError: Error, CustomStringConvertible {
    case recordingNotFound(String)
    case noReplay

    public var description: String {
        switch self {
        case .recordingNotFound(let path): "no recording at \(path) (relative paths are tried from the current directory and upwards from the test file)"
        case .noReplay: "Replaying.current is only set inside a test marked .replaying(…)"
        }
    }
}
