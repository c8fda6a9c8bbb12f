import Foundation
import HTTPWire

/// `clients` connections trickle one request-head byte every `interval` at a server: by default
/// one started here with the default limits except a `headTimeout` deadline, or, given its port
/// and pid, a server already running (`kitchen serve`, whose head deadline is `headTimeout`).
/// Prints how long the trickles held the server (until the last was closed), how they ended
/// (408 or 503), how a normal client fared during the attack and once it ended, and the most
/// threads the server's process had while it lasted (from /proc/PID/status, Linux; for the
/// server started here, the process is this one).
enum SlowlorisBenchmark {
    /// A server already running: where it listens and its process.
    struct RunningServer {
        let port: Int
        let pid: Int
    }

    static func run(clients: Int, running: RunningServer? = nil, headTimeout: Duration = .seconds(3),
                    interval: Duration = .milliseconds(500)) {
        let server = running == nil
            ? HTTPServer(configuration: HTTPServerConfiguration(port: 0, requestHeadTimeout: headTimeout), responder: Hello())
            : nil
        if let server, (try? server.start()) == nil {
            print("slowloris-error could not start a server")
            return
        }
        defer { server?.stop() }
        guard let port = running?.port ?? server?.address?.port else {
            print("slowloris-error no server to attack")
            return
        }
        let pid = running?.pid ?? Int(ProcessInfo.processInfo.processIdentifier)
        let threadsBefore = ProcFS.threadCount(pid)
        var mostThreads = threadsBefore ?? 0
        let head = Array("GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "z"), count: 1 << 16)
        let sockets = (0..<clients).compactMap { _ in try? Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 5_000) }
        var sent = [Int](repeating: 0, count: sockets.count)
        var received = [[UInt8]](repeating: [], count: sockets.count)
        var open = Set(sockets.indices)
        let clock = ContinuousClock()
        let start = clock.now
        var duringAttack = "not measured"
        while !open.isEmpty, start.duration(to: clock.now) < headTimeout * 4 {
            for index in open where sent[index] < head.count {
                sent[index] += (try? sockets[index].writeWithoutBlocking([head[sent[index]]])) ?? 0
            }
            mostThreads = max(mostThreads, ProcFS.threadCount(pid) ?? 0)
            if duringAttack == "not measured", start.duration(to: clock.now) >= interval { duringAttack = normalRequest(port: port) }
            let roundEnd = clock.now + interval
            while clock.now < roundEnd, !open.isEmpty {
                let remaining = clock.now.duration(to: roundEnd)
                guard let index = open.first(where: { sockets[$0].waitUntilReadable(milliseconds: 0) }) else {
                    _ = open.first.map { sockets[$0].waitUntilReadable(milliseconds: min(10, max(1, Int(remaining / .milliseconds(1))))) }
                    continue
                }
                if ((try? sockets[index].read(appendingTo: &received[index])) ?? 0) == 0 { open.remove(index) }
            }
        }
        let held = start.duration(to: clock.now)
        let timedOut = received.filter { $0.starts(with: Array("HTTP/1.1 408".utf8)) }.count
        let busy = received.filter { $0.starts(with: Array("HTTP/1.1 503".utf8)) }.count
        print("slowloris-held \(Int(held / .milliseconds(1))) ms (\(sockets.count) trickling clients, head deadline \(headTimeout); \(open.count) still open)")
        print("slowloris-answers \(timedOut) 408, \(busy) 503, \(sockets.count - timedOut - busy) closed without a response")
        print("slowloris-normal-during \(duringAttack)")
        print("slowloris-normal-after \(normalRequest(port: port))")
        print("slowloris-server-threads \(threadsBefore == nil ? "not measured" : String(mostThreads)) at most during the attack "
            + "(\(threadsBefore.map(String.init) ?? "?") before it; process \(pid))")
        for socket in sockets { socket.close() }
    }

    /// One ordinary request: its status and how long it took.
    static func normalRequest(port: Int, target: String = "/") -> String {
        let started = ContinuousClock.now
        guard let socket = try? Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 5_000) else { return "connect failed" }
        defer { socket.close() }
        socket.setReadTimeout(milliseconds: 5_000)
        var bytes: [UInt8] = []
        guard (try? socket.write(Array("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n".utf8))) != nil,
              ((try? socket.read(appendingTo: &bytes)) ?? 0) > 0
        else { return "no answer" }
        let status = String(decoding: bytes.prefix(12), as: UTF8.self)
        return "\(status) in \(Int(started.duration(to: .now) / .microseconds(1))) us"
    }

    struct Hello: HTTPResponder {
        func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply { .response(.text(.ok, "hello")) }
    }
}
