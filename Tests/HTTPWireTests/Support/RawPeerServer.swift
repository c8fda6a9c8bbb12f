import Dispatch
import Foundation
import KitchenTestSupport
import HTTPWire
import Synchronization

/// A hand-scripted server for testing our clients: accepts one connection on 127.0.0.1
/// port 0 and runs `script` with it on its own thread, so the script can send bytes no
/// correct server would (a read-to-close body, a masked frame, a wrong accept value).
///
/// ```swift
/// let peer = try RawPeerServer { connection in
///     _ = try connection.read(through: [13, 10, 13, 10], what: "the request")
///     try connection.send("HTTP/1.1 200 OK\r\n\r\nhello")
/// }
/// ```
final class RawPeerServer: Sendable {
    let port: Int
    private let listener: Listener
    private let outcome = Mutex<Result<Void, any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(script: @escaping @Sendable (RawConnection) throws -> Void) throws {
        listener = try Listener(host: "127.0.0.1", port: 0)
        port = listener.address.port
        let thread = Thread { [self] in
            let result: Result<Void, any Error>
            if let socket = listener.accept() {
                let connection = RawConnection(accepted: socket)
                result = Result { try script(connection) }
                connection.close()
            } else {
                result = .failure(RawConnectionError.malformed("nobody connected"))
            }
            listener.close()
            outcome.withLock { $0 = result }
            finished.signal()
        }
        thread.start()
    }

    /// Waits for the script to finish and rethrows what it threw.
    func waitForScript(timeoutSeconds: Int = 15) throws {
        guard finished.wait(timeout: .now() + .seconds(timeoutSeconds)) == .success else {
            listener.close()
            throw RawConnectionError.timedOut(waitingFor: "the peer script to finish", received: [])
        }
        try outcome.withLock { $0 }?.get()
    }

    /// ``waitForScript(timeoutSeconds:)`` for async tests, off the cooperative pool.
    func waitForScript(timeoutSeconds: Int = 15) async throws {
        try await offThePool { () throws in try self.waitForScript(timeoutSeconds: timeoutSeconds) }
    }
}

