import Foundation

/// Starts `body` on a new thread with a bounded stack. HTTPWire serves each
/// connection on its own thread: blocking reads keep the code simple and
/// fast, and a slow client only ever holds up its own thread.
func startThread(name: String, stackSize: Int = 512 * 1024, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.name = name
    thread.stackSize = stackSize
    thread.start()
}
