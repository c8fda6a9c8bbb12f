import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenSwiftTesting
import Testing

/// Tests that Swift Testing runs in parallel, each replaying its own recording of the same two
/// requests, half through `URLSession.shared` and half through sessions from configurations the
/// test hands over. Each answer names the recording that gave it.
@Suite(.timeLimit(.minutes(2))) struct ParallelRecordingsTests {
    static let rounds = 25

    @Test(.replaying(Fixture.kitchenA, mode: .repeat))
    func sharedSessionIsAnsweredByRecordingA() async throws {
        for _ in 0..<Self.rounds {
            #expect(try await TinyClient(session: .shared).deviceIDs() == Fixture.devicesA)
        }
    }

    @Test(.replaying(Fixture.kitchenB, mode: .repeat))
    func sharedSessionIsAnsweredByRecordingB() async throws {
        for _ in 0..<Self.rounds {
            #expect(try await TinyClient(session: .shared).deviceIDs() == Fixture.devicesB)
        }
    }

    @Test(.replaying(Fixture.kitchenA, mode: .repeat))
    func customConfigurationIsAnsweredByRecordingA() async throws {
        let session = URLSession(configuration: try Replaying.configuration(.default))
        for _ in 0..<Self.rounds {
            #expect(try await TinyClient(session: session).deviceIDs() == Fixture.devicesA)
        }
    }

    @Test(.replaying(Fixture.kitchenB, mode: .repeat))
    func handedOverConfigurationIsAnsweredByRecordingB() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 7
        try Replaying.install(in: configuration)
        let session = URLSession(configuration: configuration)
        for _ in 0..<Self.rounds {
            #expect(try await TinyClient(session: session).deviceIDs() == Fixture.devicesB)
        }
    }

    @Test(.replaying(Fixture.kitchenA, mode: .repeat))
    func sharedSessionFromChildTasksIsAnsweredByRecordingA() async throws {
        // Task-locals reach child tasks and `Task {}`, so these are this test's requests too.
        async let first = TinyClient().deviceIDs()
        let second = try await Task { try await TinyClient().deviceIDs() }.value
        let answers = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { try await TinyClient().deviceIDs() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(try await first == Fixture.devicesA)
        #expect(second == Fixture.devicesA)
        #expect(answers == Array(repeating: Fixture.devicesA, count: 4))
    }
}

/// The same claim without relying on the scheduler: two scopes known to be running at the same
/// time (each waits for the other before its first request) interleave their requests.
@Suite(.timeLimit(.minutes(2))) struct OverlappingScopesTests {
    @Test(.enabled(if: TaskLocalAttribution.isAvailable, TaskLocalAttribution.skipReason))
    func twoOverlappingScopesOnTheSharedSessionEachGetTheirOwnRecording() async throws {
        try await runOverlapping { TinyClient(session: .shared) }
    }

    @Test func twoOverlappingScopesOnMarkedSessionsResumedFromDetachedTasksEachGetTheirOwnRecording() async throws {
        try await runOverlapping(detached: true) { TinyClient(session: URLSession(configuration: try Replaying.configuration())) }
    }

    /// Both scopes enter, meet, then make 40 requests each, alternating at every suspension.
    private func runOverlapping(detached: Bool = false, client: @escaping @Sendable () throws -> TinyClient) async throws {
        let test = try #require(Test.current)
        let meeting = Rendezvous(count: 2)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (path, expected) in [(Fixture.kitchenA, Fixture.devicesA), (Fixture.kitchenB, Fixture.devicesB)] {
                group.addTask {
                    // `.task` on every platform: two `.process` scopes would wait for each other here.
                    try await ReplayingTrait.replaying(path, mode: .repeat, isolation: .task).provideScope(for: test, testCase: nil) {
                        let tiny = try client()
                        await meeting.arrive()
                        for _ in 0..<20 {
                            let got = detached ? try await Task.detached { try await tiny.deviceIDs() }.value
                                               : try await tiny.deviceIDs()
                            #expect(got == expected, "\(path) answered by the other recording")
                            await Task.yield()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
