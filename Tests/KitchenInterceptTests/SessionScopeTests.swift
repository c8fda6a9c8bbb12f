import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import KitchenIntercept
import KitchenSwiftTesting
import Testing

/// Which sessions a scope reaches, and which it does not (measured here, on Linux).
@Suite(.timeLimit(.minutes(2))) struct SessionScopeTests {
    @Test(.replaying(Fixture.kitchenA, mode: .repeat))
    func aMarkedSessionIsAnsweredFromDetachedTasksAndCompletionHandlers() async throws {
        let session = URLSession(configuration: try Replaying.configuration(.ephemeral))
        // No task-local here: only the per-session marker names the test.
        let detached = try await Task.detached { try await TinyClient(session: session).deviceIDs() }.value
        #expect(detached == Fixture.devicesA)
        let chained = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            session.dataTask(with: URL(string: "https://kitchen.example.com/devices")!) { _, _, _ in
                // Resumed on the session's delegate queue.
                session.dataTask(with: URL(string: "https://kitchen.example.com/devices")!) { _, response, _ in
                    continuation.resume(returning: (response as? HTTPURLResponse)?.statusCode ?? -1)
                }.resume()
            }.resume()
        }
        #expect(chained == 200)
        #expect(try await TinyClient(session: session).deviceIDs() == Fixture.devicesA)
    }

    @Test(.replaying(Fixture.kitchenA, mode: .repeat))
    func installingKeepsTheHandedOverConfigurationsOwnSettings() async throws {
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 7
        configuration.httpAdditionalHeaders = ["X-App": "kitchen"]
        try Replaying.install(in: configuration)
        #expect(configuration.timeoutIntervalForRequest == 7)
        #expect(configuration.httpAdditionalHeaders?["X-App"] as? String == "kitchen")
        #expect(configuration.protocolClasses?.first.map { $0 is MarkedSessionInterceptor.Type } == true)
        #expect(try await TinyClient(session: URLSession(configuration: configuration)).deviceIDs() == Fixture.devicesA)
    }

    @Test func aMarkedSessionUsedAfterItsTestEndedFailsInsteadOfReachingTheNetwork() async throws {
        let test = try #require(Test.current)
        let kept = Kept()
        try await ReplayingTrait.replaying(Fixture.kitchenA, strict: false).provideScope(for: test, testCase: nil) {
            await kept.set(URLSession(configuration: try Replaying.configuration()))
        }
        let session = try #require(await kept.session)
        let error = await #expect(throws: URLError.self) { _ = try await TinyClient(session: session).get("devices") }
        #expect(error?.code == .resourceUnavailable)
        #expect(error?.localizedDescription.contains("whose test has ended") == true)
    }

    @Test(.replaying(Fixture.kitchenA, strict: false))
    func sessionsTheAppMakesFromDefaultOrEphemeralAreNotIntercepted() async throws {
        // Their protocol list starts with the built-in HTTP handler, which answers first; registering
        // a class does not change that (on Apple platforms neither, per Apple). So they reach the server.
        try await withLiveSimulator { _, url in
            for configuration in [URLSessionConfiguration.default, .ephemeral] {
                let (status, body) = try await TinyClient(baseURL: url, session: URLSession(configuration: configuration)).get("devices")
                #expect(status == 401, "the live simulator, not the recording, answered: \(body)")
            }
        }
    }

    @Test func onlyHTTPAndHTTPSAreClaimedSoWebSocketTasksAreLeftAlone() {
        for (scheme, claimed) in [("http", true), ("https", true), ("ws", false), ("wss", false), ("data", false)] {
            let request = URLRequest(url: URL(string: "\(scheme)://kitchen.example.com/ws")!)
            #expect(MarkedSessionInterceptor.canInit(with: request) == claimed, "\(scheme)")
        }
    }
}

/// The scopes that reach `URLSession.shared` wherever a request is resumed hold a process-wide lock,
/// and a request no scope is named for is not intercepted. Serialized: the test of what is not
/// intercepted must not run while a `.process` scope claims everything.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ProcessIsolationTests {
    @Test(.enabled(if: TaskLocalAttribution.isAvailable, TaskLocalAttribution.skipReason))
    func aSharedSessionRequestResumedOutsideTheTestIsNotInterceptedUnderTaskIsolation() async throws {
        let test = try #require(Test.current)
        try await withLiveSimulator { _, url in
            try await ReplayingTrait.replaying(Fixture.kitchenA, strict: false).provideScope(for: test, testCase: nil) {
                let (status, _) = try await Task.detached { try await TinyClient(baseURL: url).get("devices") }.value
                #expect(status == 401, "went to the live simulator")
                // The same request from the test's own task is answered by the recording.
                let own = try await TinyClient(baseURL: url).get("devices")
                #expect(own.status == 200)
            }
        }
    }

    @Test(.replaying(Fixture.kitchenB, mode: .repeat, isolation: .process))
    func processIsolationClaimsSharedSessionRequestsFromDetachedTasksAndCallbacks() async throws {
        let detached = try await Task.detached { try await TinyClient().deviceIDs() }.value
        #expect(detached == Fixture.devicesB)
        let fromQueue = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            DispatchQueue.global().async {
                URLSession.shared.dataTask(with: URL(string: "https://kitchen.example.com/devices")!) { _, response, _ in
                    continuation.resume(returning: (response as? HTTPURLResponse)?.statusCode ?? -1)
                }.resume()
            }
        }
        #expect(fromQueue == 200)
    }

    @Test func afterTheScopeTheSharedSessionReachesTheNetworkAgain() async throws {
        let test = try #require(Test.current)
        try await withLiveSimulator { _, url in
            try await ReplayingTrait.replaying(Fixture.kitchenA, mode: .repeat, strict: false).provideScope(for: test, testCase: nil) {
                let during = try await TinyClient(baseURL: url).get("devices")
                #expect(during.status == 200)
            }
            let after = try await TinyClient(baseURL: url).get("devices")
            #expect(after.status == 401)
        }
    }

    @Test func processScopesTakeTurns() async throws {
        let test = try #require(Test.current)
        let order = Log()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for name in ["first", "second"] {
                group.addTask {
                    try await ReplayingTrait.replaying(Fixture.kitchenA, strict: false, isolation: .process)
                        .provideScope(for: test, testCase: nil) {
                            await order.append("\(name) in")
                            #expect(InterceptRegistry.shared.processScope === InterceptScope.current)
                            await Task.yield()
                            #expect(InterceptRegistry.shared.processScope === InterceptScope.current)
                            await order.append("\(name) out")
                        }
                }
            }
            try await group.waitForAll()
        }
        let entries = await order.entries
        #expect(entries.count == 4)
        // Whoever entered first left before the other entered.
        #expect(entries[0].hasSuffix(" in") && entries[1] == entries[0].replacingOccurrences(of: " in", with: " out"))
    }
}

actor Kept {
    var session: URLSession?
    func set(_ session: URLSession) { self.session = session }
}

actor Log {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}
