import Synchronization
import Testing

/// Failures that Swift Testing expectations (`#expect`, `#require`) recorded inside
/// one property case; thrown so that the engine treats the case as failed.
struct CapturedIssues: Error, CustomStringConvertible {
    var issues: [String]

    var description: String {
        issues.joined(separator: "; ")
    }
}

/// Collects the failing issues recorded while property cases run, instead of
/// letting each shrink attempt report to Swift Testing.
final class IssueCollector: Sendable {
    private let captured = Mutex<[String]>([])

    /// The issue-handling transform: failures are kept here and suppressed;
    /// warnings and known issues pass through to the test untouched.
    func capture(_ issue: Issue) -> Issue? {
        guard issue.isFailure else { return issue }
        var text = issue.kind.description
        let comments = issue.comments.map(\.rawValue).filter { !$0.isEmpty }
        if !comments.isEmpty {
            text += " — " + comments.joined(separator: "; ")
        }
        if let location = issue.sourceLocation {
            text += " (\(location.fileID):\(location.line))"
        }
        captured.withLock { $0.append(text) }
        return nil
    }

    /// Takes the issues captured since the last call.
    func drain() -> [String] {
        captured.withLock { issues in
            defer { issues.removeAll() }
            return issues
        }
    }

    /// Runs one case body; fails the case if it recorded issues, preferring them over
    /// the error `#require` throws (which only says that an expectation failed).
    nonisolated(nonsending) func failingOnIssues(_ body: nonisolated(nonsending) () async throws -> Void) async throws {
        _ = drain()
        var thrown: (any Error)?
        do { try await body() } catch { thrown = error }
        let issues = drain()
        if !issues.isEmpty { throw CapturedIssues(issues: issues) }
        if let thrown { throw thrown }
    }
}

/// Runs `work` inside an issue-handling scope (Swift Testing 6.2+
/// `IssueHandlingTrait.compactMapIssues`) that routes failing issues to
/// `collector`. Outside a test, `work` just runs.
///
/// `provideScope` wants a `@Sendable` closure and runs it off the caller's
/// executor; `work` is hopped back to `isolation`, so property bodies written in
/// a `@MainActor` test keep running on the main actor.
func withIssuesCaptured(
    by collector: IssueCollector,
    isolation: isolated (any Actor)?,
    _ work: nonisolated(nonsending) @escaping () async -> Void
) async {
    guard let test = Test.current else {
        await work()
        return
    }
    let trait = IssueHandlingTrait.compactMapIssues { collector.capture($0) }
    // Unchecked on purpose: `provideScope` runs its closure once, before it returns,
    // and the closure only calls `work` on `isolation` (the caller's, which is
    // suspended here meanwhile), so `work` is never used concurrently.
    nonisolated(unsafe) let work = work
    do {
        try await trait.provideScope(for: test, testCase: Test.Case.current) {
            await runOnCallerIsolation(isolation, work)
        }
    } catch {
        // `provideScope` only rethrows what the closure throws, and it throws nothing.
    }
}

private func runOnCallerIsolation(
    _ isolation: isolated (any Actor)?,
    _ work: nonisolated(nonsending) () async -> Void
) async {
    await work()
}
