import Foundation
import HTTPWire

/// Opens `count` connections to a running server (kitchen serve, replay or record) and leaves
/// them idle, then sends one normal request on a new connection, then one request on every
/// idle connection. Prints how many were held, how the normal request fared, how many idle
/// connections were answered afterwards, and, given the server's pid, its resident memory
/// per idle connection (VmRSS before and after, from /proc).
enum IdleConnectionsBenchmark {
    static func run(port: Int, count: Int, serverPID: Int?, target: String) {
        let before = serverPID.flatMap { ProcFS.residentKiB($0) }
        var sockets: [Socket] = []
        for _ in 0..<count {
            guard let socket = try? Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 5_000) else { break }
            socket.setReadTimeout(milliseconds: 10_000)
            sockets.append(socket)
        }
        // Let the server take them all in (accept, then park) before measuring.
        Thread.sleep(forTimeInterval: 2)
        let after = serverPID.flatMap { ProcFS.residentKiB($0) }
        let dropped = sockets.filter { $0.waitUntilReadable(milliseconds: 0) }.count
        print("idle-held \(sockets.count - dropped) of \(count) (\(dropped) closed or answered by the server)")
        print("idle-normal \(SlowlorisBenchmark.normalRequest(port: port, target: target))")
        if let before, let after, !sockets.isEmpty {
            let perConnection = Double(after - before) / Double(sockets.count)
            print("idle-memory \(String(format: "%.1f", perConnection)) KiB per idle connection (VmRSS \(before) -> \(after) KiB)")
        }
        let request = Array("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        for socket in sockets { _ = try? socket.write(request) }
        var answered = 0, refused = 0
        for socket in sockets {
            var bytes: [UInt8] = []
            guard ((try? socket.read(appendingTo: &bytes)) ?? 0) > 0, bytes.starts(with: Array("HTTP/1.1 ".utf8)) else { continue }
            // Any answer from the application counts (replay's 599 "no recorded match" included);
            // the server's own refusals (503 at the cap, 502 from the proxy) do not.
            if bytes.starts(with: Array("HTTP/1.1 503".utf8)) || bytes.starts(with: Array("HTTP/1.1 502".utf8)) {
                refused += 1
            } else {
                answered += 1
            }
        }
        print("idle-answered-later \(answered) of \(sockets.count) (\(refused) refused with 502 or 503)")
        for socket in sockets { socket.close() }
    }
}
