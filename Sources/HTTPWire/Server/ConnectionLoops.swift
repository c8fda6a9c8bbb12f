/// The event loops a server's connections are served on: each connection on the loop its id
/// chooses, so the loops share the connections evenly, and stays there for its life.
final class ConnectionLoops: Sendable {
    /// The loops, in the order connection ids choose them.
    let loops: [EventLoop]

    /// Starts `count` loops (at least one), named `<name>-0`, `<name>-1`, ….
    init(count: Int, name: String) throws(SocketError) {
        var started: [EventLoop] = []
        for number in 0..<max(1, count) {
            do throws(SocketError) {
                started.append(try EventLoop(name: "\(name)-\(number)"))
            } catch {
                for loop in started { loop.stop() }
                throw error
            }
        }
        loops = started
    }

    /// Stops every loop (each ends the connections it holds); returns once all have stopped.
    func stop() {
        for loop in loops { loop.stop() }
    }

    /// The loop connection `id` is served on.
    func loop(for id: Int) -> EventLoop { loops[id % loops.count] }

    /// Serves a new connection on its loop; ends it when the server is stopping.
    func serve(_ socket: Socket, id: Int, configuration: HTTPServerConfiguration, responder: any HTTPResponder,
               onEnd: @escaping @Sendable () -> Void) {
        let loop = loop(for: id)
        let taken = loop.execute { [self] in
            ServerConnection(socket: socket, id: id, loop: loop, configuration: configuration, responder: responder,
                             onEnd: onEnd).start()
        }
        if !taken {
            onEnd()
            socket.close()
        }
    }
}
