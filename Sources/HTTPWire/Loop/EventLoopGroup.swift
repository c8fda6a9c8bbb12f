import Synchronization

/// A fixed set of ``EventLoop``s sharing the work: each new connection goes to the next loop in
/// turn and stays there for its life.
///
/// ```swift
/// let group = try EventLoopGroup(loopCount: 2, name: "http")
/// let loop = group.next()
/// group.stop()
/// ```
package final class EventLoopGroup: Sendable {
    /// The loops, in the order they take turns.
    package let loops: [EventLoop]
    private let turn = Atomic<UInt>(0)

    /// Starts `loopCount` loops (at least one), named `<name>-0`, `<name>-1`, ….
    package init(loopCount: Int, name: String) throws(SocketError) {
        var started: [EventLoop] = []
        for number in 0..<max(1, loopCount) {
            do throws(SocketError) {
                started.append(try EventLoop(name: "\(name)-\(number)"))
            } catch {
                for loop in started { loop.stop() }
                throw error
            }
        }
        loops = started
    }

    /// The loop whose turn it is.
    package func next() -> EventLoop {
        loops[Int(turn.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(loops.count))]
    }

    /// Stops every loop (each ends the connections it holds); returns once all have stopped.
    package func stop() {
        for loop in loops { loop.stop() }
    }
}
