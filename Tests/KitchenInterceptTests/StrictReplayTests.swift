import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenSwiftTesting
import Testing

/// The trait's strictness over intercepted sessions: `kitchen replay`'s diagnostics, reported to the test.
@Suite struct StrictReplayTests {
    @Test func anUnmatchedRequestGets599WithTheNearestEntryAndFailsTheTestWithTheDifference() async throws {
        let test = try #require(Test.current)
        let answer = Answer()
        let issues = try await issuesReported {
            try await ReplayingTrait.replaying(Fixture.kitchenA).provideScope(for: test, testCase: nil) {
                _ = try await TinyClient().login(username: "demo", password: "demo")
                await answer.set(try await TinyClient().get("devicez"))
            }
        }
        let (status, body) = try #require(await answer.value)
        #expect(status == 599)
        let diagnosis = "GET /devicez: no recorded match; nearest is entry 1 GET /devices:\n  - path: recorded /devices, got /devicez"
        #expect(body == diagnosis + "\n")
        #expect(issues.map(\.text) == [
            "replay of \(Fixture.kitchenA): unmatched request \(diagnosis)",
            "replay of \(Fixture.kitchenA): unused entry 1: GET /devices",
        ])
        #expect(issues.allSatisfy { $0.isFailure })
    }

    @Test func anUnusedEntryFailsAStrictTestOnly() async throws {
        let test = try #require(Test.current)
        let strict = try await issuesReported {
            try await ReplayingTrait.replaying(Fixture.kitchenB).provideScope(for: test, testCase: nil) {
                _ = try await TinyClient().login(username: "demo", password: "demo")
            }
        }
        #expect(strict.map(\.text) == ["replay of \(Fixture.kitchenB): unused entry 1: GET /devices"])
        let lenient = try await issuesReported {
            try await ReplayingTrait.replaying(Fixture.kitchenB, strict: false).provideScope(for: test, testCase: nil) {
                _ = try await TinyClient().login(username: "demo", password: "demo")
            }
        }
        #expect(lenient.isEmpty)
    }

    @Test(.replaying(Fixture.kitchenA))
    func verifyNowReportsInsideTheTestSoWithKnownIssueCanExpectIt() async throws {
        _ = try await TinyClient().login(username: "demo", password: "demo")
        try withKnownIssue("GET /devices is recorded but never asked for") {
            try Replaying.verifyNow()
        } matching: { issue in
            issue.text == "replay of \(Fixture.kitchenA): unused entry 1: GET /devices"
        }
        // Reported once: had the trait reported it again at the end, this test would fail.
    }

    @Test func theTraitFailsAThrowingTestWithTheReplayProblemsToo() async throws {
        let test = try #require(Test.current)
        struct Boom: Error {}
        let issues = try await issuesReported {
            await #expect(throws: Boom.self) {
                try await ReplayingTrait.replaying(Fixture.kitchenA).provideScope(for: test, testCase: nil) {
                    throw Boom()
                }
            }
        }
        #expect(issues.map(\.text) == [
            "replay of \(Fixture.kitchenA): unused entry 0: POST /auth/login",
            "replay of \(Fixture.kitchenA): unused entry 1: GET /devices",
        ])
    }
}

/// A value set from inside a scope and read after it.
actor Answer {
    var value: (Int, String)?
    func set(_ value: (Int, String)) { self.value = value }
}
