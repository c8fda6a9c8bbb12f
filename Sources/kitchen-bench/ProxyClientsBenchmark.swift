import Foundation
import HTTPWire

/// Many keep-alive clients through a running `kitchen record`: opens `clients` connections to
/// the proxy, then `rounds` times sends one request on every connection before reading any
/// answer, so all of them wait on the proxy at once. Prints the answers by kind (2xx, 502, 503,
/// other statuses, resets, connections closed without an answer) and the most connections
/// the upstream held open at once, sampled every 20 ms from /proc/net/tcp (established
/// connections whose local port is the upstream's: nothing else talks to it meanwhile).
enum ProxyClientsBenchmark {
    struct Tally {
        var ok = 0, badGateway = 0, unavailable = 0, otherStatus = 0, resets = 0, closed = 0, otherFailures = 0
        var line: String {
            "\(ok) 2xx, \(badGateway) 502, \(unavailable) 503, \(otherStatus) other, \(resets) resets, \(closed) closed, \(otherFailures) failed"
        }
    }

    static func run(proxyPort: Int, upstreamPort: Int, clients: Int, rounds: Int, target: String, headers: HTTPHeaders) {
        let peak = PeakSampler(port: upstreamPort)
        peak.start()
        let started = ContinuousClock.now
        var connections: [HTTPClientConnection?] = []
        var tally = Tally()
        for _ in 0..<clients {
            connections.append(try? HTTPClientConnection(host: "127.0.0.1", port: proxyPort, connectTimeout: .seconds(10),
                                                         responseTimeout: .seconds(60)))
        }
        let connected = connections.compactMap { $0 }.count
        for _ in 0..<rounds {
            for (index, connection) in connections.enumerated() {
                guard let connection else { continue }
                do throws(HTTPClientError) {
                    try connection.write(HTTPRequest(method: .get, target: target, headers: headers))
                } catch {
                    count(error, in: &tally)
                    connections[index] = nil
                }
            }
            for (index, connection) in connections.enumerated() {
                guard let connection else { continue }
                do throws(HTTPClientError) {
                    let head = try connection.readHead()
                    while try connection.readBodyChunk() != nil {}
                    switch head.status.code {
                    case 200..<300: tally.ok += 1
                    case 502: tally.badGateway += 1
                    case 503: tally.unavailable += 1
                    default: tally.otherStatus += 1
                    }
                    if !connection.isReusable { connections[index] = nil }
                } catch {
                    count(error, in: &tally)
                    connections[index] = nil
                }
            }
        }
        let elapsed = ContinuousClock.now - started
        peak.stop()
        print("proxy-clients-connected \(connected) of \(clients)")
        print("proxy-clients-answers \(tally.line) (of \(clients * rounds) requests)")
        print("proxy-clients-upstream-peak \(peak.maximum) connections open at once")
        print("proxy-clients-seconds \(String(format: "%.2f", elapsed / .seconds(1)))")
        for connection in connections { connection?.close() }
    }

    private static func count(_ error: HTTPClientError, in tally: inout Tally) {
        switch error {
        case .socket(let socket) where socket.kind == .connectionReset: tally.resets += 1
        case .closedBeforeResponse: tally.closed += 1
        default: tally.otherFailures += 1
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
