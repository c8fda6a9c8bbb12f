@testable import HTTPWire
import Testing

/// A closed `Socket` must never act on its old descriptor number: the kernel hands that number
/// to the next socket opened anywhere in the process (another connection, another test).
@Suite(.timeLimit(.minutes(2))) struct SocketLifecycleTests {
    /// A connected pair through `listener`: (client side, server side).
    static func pair(_ listener: Listener) throws -> (Socket, Socket) {
        let client = try Socket.connect(host: "127.0.0.1", port: listener.address.port)
        let server = try #require(listener.accept())
        return (client, server)
    }

    // A late shutdown (a WebSocket close timer, HTTPServer.stop) after the socket was closed must
    // not cut the unrelated connection that now owns the same descriptor number.
    @Test(arguments: ["shutdown", "shutdownWrite"])
    func lateShutdownOfClosedSocketLeavesTheSocketThatReusedItsDescriptorAlone(call: String) throws {
        let listener = try Listener(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        // The number is reused at once unless another test opens a descriptor in between: retry.
        for _ in 0..<50 {
            let (stale, staleServer) = try Self.pair(listener)
            let number = stale.descriptor
            stale.close()
            staleServer.close()
            let (fresh, freshServer) = try Self.pair(listener)
            guard fresh.descriptor == number else { continue }
            if call == "shutdown" { stale.shutdown() } else { stale.shutdownWrite() }

            fresh.setReadTimeout(milliseconds: 5_000)
            freshServer.setReadTimeout(milliseconds: 5_000)
            try freshServer.write(Array("to fresh".utf8))
            var received: [UInt8] = []
            try fresh.read(appendingTo: &received)
            #expect(received.text == "to fresh", "the fresh socket was shut down through the stale one")
            try fresh.write(Array("from fresh".utf8))
            var echoed: [UInt8] = []
            try freshServer.read(appendingTo: &echoed)
            #expect(echoed.text == "from fresh")
            return
        }
        Issue.record("the descriptor number was never reused; nothing was tested")
    }
}
