import Dispatch
import Foundation
@testable import HTTPWire
import KitchenTestSupport
import Synchronization
import Testing

/// Answers given later (``HTTPReply/deferred(_:)``): the reply on its own, then served by an
/// ``HTTPServer``.
/// Each deferred answer is completed from a thread the test starts, held on a semaphore the
/// test releases, so "later" is a step of the test and not a sleep.
@Suite(.timeLimit(.minutes(2))) struct DeferredReplyTests {
    /// Defers `/later…` (completed by whoever takes it from `pending`), answers the rest at once.
    struct DeferringResponder: HTTPResponder {
        /// Each call: the path, and whether it ran on the connection's loop.
        let calls = Log<(path: String, onLoop: Bool)>()
        let pending = Log<HTTPDeferredReply>()

        func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
            calls.append((request.path, context.eventLoop.inEventLoop))
            guard request.path.hasPrefix("/later") else { return .response(.text(.ok, "\(request.path) at once")) }
            let reply = HTTPDeferredReply()
            pending.append(reply)
            return .deferred(reply)
        }
    }

    /// Completes `reply` on a new thread once `release` is signalled; `completedOffTheLoop`
    /// hears whether that thread was not the loop's.
    static func completeLater(_ reply: HTTPDeferredReply, with text: String, after release: DispatchSemaphore,
                              loops: [EventLoop], completedOffTheLoop: Log<Bool>) {
        Thread {
            guard release.wait(timeout: .now() + .seconds(20)) == .success else { return }
            completedOffTheLoop.append(!loops.contains { $0.inEventLoop })
            reply.complete(.response(.text(.ok, text)))
        }.start()
    }

    static func startServer(_ responder: DeferringResponder) throws -> (HTTPServer, Int) {
        let server = HTTPServer(configuration: HTTPServerConfiguration(port: 0, eventLoopThreads: 1), responder: responder)
        try server.start()
        guard let port = server.address?.port else { throw LoopTestError("the server has no address") }
        return (server, port)
    }

    // MARK: The reply on its own

    @Test func onlyTheFirstCompletionCountsAndAnEarlyOneIsHandedOverAtOnce() {
        let reply = HTTPDeferredReply()
        reply.complete(.response(.text(.ok, "first")))
        reply.complete(.response(.text(.ok, "second")))
        let heard = Log<String>()
        reply.whenComplete { answer in
            if case .response(let response) = answer { heard.append(response.bodyBytes?.text ?? "") }
        }
        #expect(heard.all == ["first"], "whenComplete after complete() must be called at once, with the first answer")
    }

    @Test func completionsRacingFromManyThreadsDeliverExactlyOneAnswer() {
        let reply = HTTPDeferredReply()
        let heard = Log<String>()
        reply.whenComplete { answer in
            if case .response(let response) = answer { heard.append(response.bodyBytes?.text ?? "") }
        }
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for index in 0..<8 {
            finished.enter()
            Thread {
                _ = start.wait(timeout: .now() + .seconds(10))
                reply.complete(.response(.text(.ok, "thread \(index)")))
                finished.leave()
            }.start()
        }
        for _ in 0..<8 { start.signal() }
        #expect(finished.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(heard.count == 1, "\(heard.all)")
        #expect(heard.all.first?.hasPrefix("thread ") == true)
    }

    // MARK: Served by a server

    @Test func aDeferredAnswerCompletedFromAnotherThreadIsSentOnceItArrives() async throws {
        let responder = DeferringResponder()
        let (server, port) = try Self.startServer(responder)
        defer { server.stop() }
        let release = DispatchSemaphore(value: 0)
        let completedOffTheLoop = Log<Bool>()
        let (silentBefore, answer, next) = try await offThePool { () throws -> (Bool, RawResponse, String) in
            defer { release.signal() }  // never leave a thread waiting on the answer
            let client = try RawConnection(port: port)
            try client.send("GET /later HTTP/1.1\r\nHost: a\r\n\r\n")
            guard responder.pending.waitFor(count: 1) else { throw LoopTestError("the responder was never called") }
            Self.completeLater(responder.pending.all[0], with: "answered later", after: release, loops: server.eventLoops,
                               completedOffTheLoop: completedOffTheLoop)
            // A bounded wait on a condition that must not come true: no answer before the release.
            let silentBefore = client.staysSilent(milliseconds: 200)
            release.signal()
            let answer = try client.readResponse()
            try client.send("GET /next HTTP/1.1\r\nHost: a\r\n\r\n")
            return (silentBefore, answer, try client.readResponse().body.text)
        }
        #expect(silentBefore, "something was sent before the answer was completed")
        #expect(answer.status == 200)
        #expect(answer.body.text == "answered later")
        #expect(completedOffTheLoop.all == [true])
        #expect(next == "/next at once", "the connection did not go on after the deferred answer")
        #expect(responder.calls.all.map(\.onLoop) == [true, true],
                "the responder ran on the loop: \(responder.calls.all)")
    }

    // An answer may itself be deferred again: the connection waits for the last one.
    @Test func aDeferredAnswerCompletedWithAnotherDeferredOneIsSentOnceThatOneIsCompleted() async throws {
        let responder = DeferringResponder()
        let (server, port) = try Self.startServer(responder)
        defer { server.stop() }
        let second = HTTPDeferredReply()
        let (silentBetween, answer) = try await offThePool { () throws -> (Bool, String) in
            defer { second.complete(.reset) }  // never leave the connection waiting
            let client = try RawConnection(port: port)
            try client.send("GET /later HTTP/1.1\r\nHost: a\r\n\r\n")
            guard responder.pending.waitFor(count: 1) else { throw LoopTestError("the responder was never called") }
            responder.pending.all[0].complete(.deferred(second))
            // A bounded wait on a condition that must not come true: no answer before the second one.
            let silentBetween = client.staysSilent(milliseconds: 200)
            second.complete(.response(.text(.ok, "answered second")))
            return (silentBetween, try client.readResponse().body.text)
        }
        #expect(silentBetween, "something was sent before the second deferred answer was completed")
        #expect(answer == "answered second")
    }

    @Test func pipelinedRequestsBehindADeferredAnswerAreAnsweredInOrder() async throws {
        let responder = DeferringResponder()
        let (server, port) = try Self.startServer(responder)
        defer { server.stop() }
        let release = DispatchSemaphore(value: 0)
        let completedOffTheLoop = Log<Bool>()
        let (silentBefore, callsWhileWaiting, bodies) = try await offThePool { () throws -> (Bool, [String], [String]) in
            defer { release.signal() }
            let client = try RawConnection(port: port)
            try client.send("GET /later HTTP/1.1\r\nHost: a\r\n\r\nGET /second HTTP/1.1\r\nHost: a\r\n\r\n"
                + "GET /third HTTP/1.1\r\nHost: a\r\n\r\n")
            guard responder.pending.waitFor(count: 1) else { throw LoopTestError("the responder was never called") }
            Self.completeLater(responder.pending.all[0], with: "first, answered later", after: release,
                               loops: server.eventLoops, completedOffTheLoop: completedOffTheLoop)
            let silentBefore = client.staysSilent(milliseconds: 200)
            let callsWhileWaiting = responder.calls.all.map(\.path)
            release.signal()
            return (silentBefore, callsWhileWaiting, try (0..<3).map { _ in try client.readResponse().body.text })
        }
        #expect(silentBefore, "a request behind the deferred one was answered before it")
        #expect(callsWhileWaiting == ["/later"], "requests behind the deferred one did not wait for it")
        #expect(bodies == ["first, answered later", "/second at once", "/third at once"])
        #expect(responder.calls.all.map(\.path) == ["/later", "/second", "/third"])
    }

    // The client may still read the answer after closing its side, so the connection waits
    // for it; once it is out, the connection ends rather than waiting for the idle timeout.
    @Test func aClientThatLeavesBeforeItsDeferredAnswerIsFreedOnceTheAnswerComes() async throws {
        let responder = DeferringResponder()
        let (server, port) = try Self.startServer(responder)
        defer { server.stop() }
        let release = DispatchSemaphore(value: 0)
        let completedOffTheLoop = Log<Bool>()
        let (answer, freed) = try await offThePool { () throws -> (String, Bool) in
            defer { release.signal() }
            let client = try RawConnection(port: port)
            try client.send("GET /later HTTP/1.1\r\nHost: a\r\n\r\n")
            client.finishSending()
            guard responder.pending.waitFor(count: 1) else { throw LoopTestError("the responder was never called") }
            Self.completeLater(responder.pending.all[0], with: "after you left", after: release, loops: server.eventLoops,
                               completedOffTheLoop: completedOffTheLoop)
            release.signal()
            let answer = try client.readResponse().body.text
            return (answer, waitUntil(seconds: 10) { server.connectionCount == 0 })
        }
        #expect(answer == "after you left")
        #expect(freed, "\(server.connectionCount) connections still open")
    }
}
