import HTTPWire
import Testing
@testable import KitchenSimulator

/// An injected delay holds back only the answer it delays: the connection's event loop goes on
/// serving other requests meanwhile, and the delayed answer (the fault's status, or the real
/// one) comes once the delay has passed.
@Suite(.timeLimit(.minutes(1))) struct DelayFaultTests {
    /// Everything `socket` receives up to the end of a response head.
    static func readHead(_ socket: Socket) throws -> String {
        socket.setReadTimeout(milliseconds: 20_000)
        var bytes: [UInt8] = []
        while !String(decoding: bytes, as: UTF8.self).contains("\r\n\r\n") {
            guard try socket.read(appendingTo: &bytes) > 0 else { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aDelayedAnswerWaitsWhileOtherRequestsOnTheSameLoopsAreAnsweredThenCarriesTheFaultsStatus() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        // Long enough that the logins below are done well before it passes, however loaded the machine.
        harness.simulator.injectFault(path: "/devices", status: 503, delayMilliseconds: 3_000, times: 1)
        let delayed = try Socket.connect(host: "127.0.0.1", port: harness.port)
        defer { delayed.close() }
        try delayed.write(Array("GET /devices HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer \(token)\r\n\r\n".utf8))
        // Fresh connections, shared among the loops with the delayed one's: each is answered.
        for _ in 0..<4 { _ = try harness.login() }
        #expect(!delayed.waitUntilReadable(milliseconds: 0), "the delayed answer came before the delay passed")
        #expect(try Self.readHead(delayed).hasPrefix("HTTP/1.1 503 "))
        #expect(try harness.send(.get, "/devices", token: token).status == 200, "the fault applied once")
    }

    @Test func aDelayWithoutAStatusGivesTheRealAnswerOnceItPassed() throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        harness.simulator.injectFault(path: "/devices", delayMilliseconds: 50, times: 1)
        let reply = try harness.send(.get, "/devices", token: token)
        #expect(reply.status == 200)
        #expect((reply.json?.arrayValue?.count ?? 0) > 0)
    }
}
