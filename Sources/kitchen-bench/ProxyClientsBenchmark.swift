import Foundation
import HTTPWire

/// Many keep-alive clients through a running `kitchen record`: opens `clients` connections to
/// the proxy on the client event loop, then `rounds` times sends one request on every
/// connection and waits for every answer, so all of them wait on the proxy at once. Prints the
/// answers by kind (2xx, 502, 503, other statuses, resets, connections closed without an
/// answer) and the most connections the upstream held open at once, sampled every 20 ms from /proc/net/tcp (established
/// connections whose local port is the upstream's: nothing else talks to it meanwhile).
enum ProxyClientsBenchmark {
    struct Tally {
        var ok = 0, badGateway = 0, unavailable = 0, otherStatus = 0, resets = 0, closed = 0, otherFailures = 0

        mutating func count(_ status: Int) {
            switch status {
            case 200..<300: ok += 1
            case 502: badGateway += 1
            case 503: unavailable += 1
            default: otherStatus += 1
            }
        }

        mutating func count(_ error: HTTPClientError) {
            switch error {
            case .socket(let socket) where socket.kind == .connectionReset: resets += 1
            case .closedBeforeResponse: closed += 1
            default: otherFailures += 1
            }
        }

        var line: String {
            "\(ok) 2xx, \(badGateway) 502, \(unavailable) 503, \(otherStatus) other, \(resets) resets, \(closed) closed, \(otherFailures) failed"
        }
    }

    static func run(proxyPort: Int, upstreamPort: Int, clients: Int, rounds: Int, target: String, headers: HTTPHeaders) {
        guard let loop = EventLoop.sharedClientLoop else { return print("proxy-clients: no event loop") }
        let peak = PeakSampler(port: upstreamPort)
        peak.start()
        let started = ContinuousClock.now
        let run = Rounds(request: HTTPRequest(method: .get, target: target, headers: headers), rounds: rounds, loop: loop)
        loop.execute { run.open(clients, port: proxyPort) }
        run.finished.wait()
        let elapsed = ContinuousClock.now - started
        peak.stop()
        print("proxy-clients-connected \(run.connected) of \(clients)")
        print("proxy-clients-answers \(run.tally.line) (of \(clients * rounds) requests)")
        print("proxy-clients-upstream-peak \(peak.maximum) connections open at once")
        print("proxy-clients-seconds \(String(format: "%.2f", elapsed / .seconds(1)))")
    }

    /// The clients on the client event loop: each round sends one request on every connection
    /// and starts the next once all are answered.
    final class Rounds: @unchecked Sendable {
        // Unchecked: touched on `loop`'s thread only until `finished` is signalled, then read by
        // the thread that waited for it.
        let request: HTTPRequest
        let loop: EventLoop
        var roundsLeft: Int
        var connections: [HTTPClientConnection?] = []
        var connected = 0
        var tally = Tally()
        /// Connections still opening, or exchanges of this round still unanswered.
        private var pending = 0
        let finished = DispatchSemaphore(value: 0)

        init(request: HTTPRequest, rounds: Int, loop: EventLoop) {
            self.request = request
            self.roundsLeft = rounds
            self.loop = loop
        }

        func open(_ clients: Int, port: Int) {
            pending = clients
            for _ in 0..<clients {
                HTTPClientConnection.openAttached(host: "127.0.0.1", port: port, timeouts: (.seconds(10), .seconds(60)),
                                                  on: loop) { [self] opened in
                    if let connection = try? opened.get() {
                        connections.append(connection)
                        connected += 1
                    }
                    answered()
                }
            }
        }

        private func answered() {
            pending -= 1
            if pending == 0 { nextRound() }
        }

        private func nextRound() {
            let live = connections.indices.filter { connections[$0] != nil }
            guard roundsLeft > 0, !live.isEmpty else {
                for connection in connections { connection?.close() }
                finished.signal()
                return
            }
            roundsLeft -= 1
            pending = live.count
            for index in live {
                guard let connection = connections[index] else { continue }
                connection.fetch(request) { [self] result in
                    switch result {
                    case .success(let response): tally.count(response.status.code)
                    case .failure(let error): tally.count(error)
                    }
                    if !connection.isReusable {
                        connection.close()
                        connections[index] = nil
                    }
                    answered()
                }
            }
        }
    }

    /// The most established TCP connections with local port `port` seen at once, read from
    /// `ProcFS` every 20 ms on its own thread.
    final class PeakSampler: @unchecked Sendable {
        // Unchecked: `maximum` is written by the sampling thread only while it runs, read after `stop()` joined it.
        private let port: Int
        private(set) var maximum = 0
        private let done = DispatchSemaphore(value: 0)
        private let finished = DispatchSemaphore(value: 0)

        init(port: Int) { self.port = port }

        func start() {
            Thread { [self] in
                repeat { maximum = max(maximum, ProcFS.establishedConnections(localPort: port)) } while done.wait(timeout: .now() + .milliseconds(20)) == .timedOut
                maximum = max(maximum, ProcFS.establishedConnections(localPort: port))
                finished.signal()
            }.start()
        }

        func stop() {
            done.signal()
            finished.wait()
        }
    }
}
