import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import KitchenIntercept
import KitchenSwiftTesting
import Testing

/// Attribution by what a request carries or the session it is sent on, never by the thread
/// Foundation asks on: these hold on Linux from places where the test's task-local cannot be
/// read, and Apple documents the same carriers (see InterceptIsolation).
@Suite(.timeLimit(.minutes(2))) struct AttributionTests {
    static let devices = URL(string: "https://kitchen.example.com/devices")!

    /// Status and body of `request` on `session`, sent from a plain thread with a completion handler.
    static func fromAThread(_ session: URLSession, _ request: URLRequest) async -> (status: Int, body: String, sawScope: Bool) {
        await withCheckedContinuation { continuation in
            Thread {
                let sawScope = InterceptScope.current != nil
                session.dataTask(with: request) { data, response, _ in
                    continuation.resume(returning: ((response as? HTTPURLResponse)?.statusCode ?? -1,
                                                    String(decoding: data ?? Data(), as: UTF8.self), sawScope))
                }.resume()
            }.start()
        }
    }

    @Test(.replaying(Fixture.kitchenA, mode: .repeat, strict: false))
    func aMarkedSessionIsAnsweredFromAThreadWhereNoTaskLocalIsSet() async throws {
        let session = URLSession(configuration: try Replaying.configuration())
        let answer = await Self.fromAThread(session, URLRequest(url: Self.devices))
        #expect(!answer.sawScope, "the thread should not see the test's task-local")
        #expect(answer.status == 200)
        #expect(answer.body.contains(Fixture.devicesA[0]), "\(answer.body)")
    }

    @Test(.replaying(Fixture.kitchenB, mode: .repeat, strict: false))
    func aMarkedRequestOnTheSharedSessionIsAnsweredFromDetachedTasksThreadsAndCompletionHandlers() async throws {
        var request = URLRequest(url: Self.devices)
        try Replaying.mark(&request)
        let marked = request
        let (data, response) = try await Task.detached { try await URLSession.shared.data(for: marked) }.value
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains(Fixture.devicesB[0]))

        let answer = await Self.fromAThread(.shared, marked)
        #expect(!answer.sawScope)
        #expect(answer.status == 200 && answer.body.contains(Fixture.devicesB[0]), "\(answer)")

        let chained = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            URLSession.shared.dataTask(with: marked) { _, _, _ in
                // On the session's delegate queue now.
                URLSession.shared.dataTask(with: marked) { data, _, _ in
                    continuation.resume(returning: String(decoding: data ?? Data(), as: UTF8.self))
                }.resume()
            }.resume()
        }
        #expect(chained.contains(Fixture.devicesB[0]), "\(chained)")
    }

    @Test func aSessionThatExistedBeforeTheTestIsAnsweredForItsMarkedRequests() async throws {
        let test = try #require(Test.current)
        // The shared session is made (and its classes copied) before any scope of this test runs.
        let before = URLSession.shared
        try await ReplayingTrait.replaying(Fixture.kitchenA, mode: .repeat, strict: false).provideScope(for: test, testCase: nil) {
            var request = URLRequest(url: Self.devices)
            try Replaying.mark(&request)
            let marked = request
            let (data, _) = try await Task.detached { try await before.data(for: marked) }.value
            #expect(String(decoding: data, as: UTF8.self).contains(Fixture.devicesA[0]))
        }
    }

    @Test func aSessionOfAnEndedScopeFailsEvenWhileALaterScopeRuns() async throws {
        let test = try #require(Test.current)
        let kept = Kept()
        try await ReplayingTrait.replaying(Fixture.kitchenA, strict: false).provideScope(for: test, testCase: nil) {
            await kept.set(URLSession(configuration: try Replaying.configuration()))
        }
        let old = try #require(await kept.session)
        try await ReplayingTrait.replaying(Fixture.kitchenB, mode: .repeat, strict: false).provideScope(for: test, testCase: nil) {
            let error = await #expect(throws: URLError.self) { _ = try await old.data(from: Self.devices) }
            #expect(error?.code == .resourceUnavailable)
            // The later scope's own session is answered.
            let fresh = URLSession(configuration: try Replaying.configuration())
            let (data, _) = try await fresh.data(from: Self.devices)
            #expect(String(decoding: data, as: UTF8.self).contains(Fixture.devicesB[0]))
        }
    }

    @Test func eachScopeInstallsAClassOfItsOwnThatNamesItsSlot() throws {
        let classes = (1...300).map { InterceptorSlots.interceptorClass(for: $0) }
        #expect(classes.map { $0.scopeSlot } == Array(1...300).map(Optional.some))
        #expect(Set(classes.map(ObjectIdentifier.init)).count == 300)
        #expect(InterceptorSlots.interceptorClass(for: 1 << 40).scopeSlot == 1 << 40)
        #expect(MarkedSessionInterceptor.scopeSlot == nil && SharedSessionInterceptor.scopeSlot == nil)
    }

    @Test func aMarkerNamingNoRunningScopeFailsTheRequestInsteadOfGuessing() {
        var request = URLRequest(url: Self.devices)
        request.setValue("no-such-scope", forHTTPHeaderField: InterceptScope.markerHeader)
        guard case .failed(.scopeEnded) = InterceptURLProtocol.resolve(request, slot: nil) else {
            Issue.record("a stale marker was attributed")
            return
        }
        guard case .failed(.scopeEnded) = InterceptURLProtocol.resolve(URLRequest(url: Self.devices), slot: Int.max) else {
            Issue.record("an unknown slot was attributed")
            return
        }
    }
}
