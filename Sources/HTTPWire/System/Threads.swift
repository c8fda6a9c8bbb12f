import Foundation

/// Starts `body` on a new thread with a bounded stack: an event loop's thread, or a TLS
/// handshake that blocks and hands its result back to a loop.
func startThread(name: String, stackSize: Int = 512 * 1024, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.name = name
    thread.stackSize = stackSize
    thread.start()
}
