@testable import HTTPWire
import Testing

/// `Socket.connect`'s time limit is kept by a non-blocking connect and a wait for writability,
/// so it holds on every platform, and the kernel's own answer (`SO_ERROR`) still comes through.
@Suite(.timeLimit(.minutes(2))) struct ConnectTimeoutTests {
    static let limit = 300

    @Test func connectingToALoopbackListenerWhoseBacklogIsFullFailsAsTimedOut() throws {
        // A backlog of 0 holds one connection nobody accepts; once it is full the kernel drops
        // further SYNs without answering (Linux, and BSD's listen(2) too), so the next connect
        // meets a peer that never answers, on loopback only.
        let listener = try Listener(host: "127.0.0.1", port: 0, backlog: 0)
        defer { listener.close() }
        var held: [Socket] = []
        defer { for socket in held { socket.close() } }
        let clock = ContinuousClock()
        var failure: (error: SocketError, after: Duration)?
        for _ in 0..<16 {
            let start = clock.now
            do throws(SocketError) {
                held.append(try Socket.connect(host: "127.0.0.1", port: listener.address.port, timeoutMilliseconds: Self.limit))
            } catch {
                failure = (error, start.duration(to: clock.now))
                break
            }
        }
        let (error, elapsed) = try #require(failure, "16 connections fitted a backlog of 0: nothing left to time out against")
        #expect(error.kind == .timedOut, "\(error)")
        #expect(!held.isEmpty, "the first connection should have filled the backlog")
        // Left alone, the kernel retries a silent SYN for about two minutes (Linux) or 75 s (XNU):
        // ending far sooner is the configured limit at work. Generous, so a loaded machine passes.
        #expect(elapsed < .seconds(30), "took \(elapsed)")
    }

    @Test func aRefusedConnectionWithATimeLimitFailsAsRefusedNotTimedOut() throws {
        let listener = try Listener(host: "127.0.0.1", port: 0)
        let port = listener.address.port
        listener.close()
        do throws(SocketError) {
            _ = try Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 5_000)
            Issue.record("connected to a closed port")
        } catch {
            #expect(error.kind == .connectionRefused, "\(error)")
        }
    }
}
