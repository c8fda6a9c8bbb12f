import Dispatch
import Foundation
import HTTPWire
import Synchronization

/// Large uploads through a recording proxy, for its memory under load: `upload-sink` is an
/// upstream that reads and discards any body (announcing `http://127.0.0.1:PORT`), and
/// `uploads PORT CLIENTS MIB [json]` sends `CLIENTS` parallel uploads of `MIB` MiB each to the
/// proxy on `PORT` (binary, or with `json` one JSON array of small readings; `Content-Length`,
/// written 64 KiB at a time) and prints how long they took.
/// The proxy's peak RSS is read from `/proc` by `Benchmarks/uploads.sh`.
enum UploadBenchmark {
    /// Counts each body as it arrives, on the loop, and answers with its size.
    struct Sink: HTTPResponder {
        func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery { .streamed }

        func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
            guard let body = context.bodyStream else { return .response(.text(.ok, "received \(request.body.count) bytes\n")) }
            let reply = HTTPDeferredReply()
            let count = Counter()
            body.start(onPiece: { count.value += $0.count },
                       onEnd: { reply.complete(.response(.text(.ok, "received \(count.value) bytes\n"))) },
                       onFailure: { _ in })  // the server answers the client
            return .deferred(reply)
        }
    }

    /// One body's byte count. Unchecked: touched on the connection's loop only.
    final class Counter: @unchecked Sendable {
        var value = 0
    }

    /// The upstream `upload-sink` serves: any body up to 1 GiB read and discarded.
    static func sinkServer() -> HTTPServer {
        HTTPServer(configuration: HTTPServerConfiguration(port: 0, limits: HTTPLimits(maxBodyBytes: 1 << 30)), responder: Sink())
    }

    static func run(port: Int, clients: Int, mebibytes: Int, json: Bool) {
        guard let loop = EventLoop.sharedClientLoop else { return print("uploads: no event loop") }
        let total = mebibytes << 20
        let payload = json ? jsonBlock() : binaryBlock()
        // A JSON body: `[`, whole blocks of `{…},` readings, spaces to fill, then `{}]`.
        let opening: [UInt8] = json ? Array("[".utf8) : []
        let closing: [UInt8] = json ? Array("{}]".utf8) : []
        /// Writes the body on from `sent` while `writer` has room, and goes on once it has room again.
        @Sendable func pump(_ writer: HTTPRequestBodyWriter, from sent: Int) {
            var sent = sent
            while sent < total - closing.count {
                guard writer.hasRoom else { return writer.whenRoom { [sent] in pump(writer, from: sent) } }
                let count = min(payload.count, total - closing.count - sent)
                writer.write(count == payload.count || !json ? Array(payload[0..<count]) : Array(repeating: 0x20, count: count))
                sent += count
            }
            writer.write(closing)
            writer.finish()
        }
        let succeeded = Atomic<Int>(0)
        let group = DispatchGroup()
        @Sendable func finished(_ client: Int, _ outcome: Result<Int, HTTPClientError>) {
            switch outcome {
            case .success(let status): if status == 200 { succeeded.add(1, ordering: .relaxed) }
            case .failure(let error): FileHandle.standardError.write(Data("upload \(client): \(error)\n".utf8))
            }
            group.leave()
        }
        let started = ContinuousClock.now
        for client in 0..<clients {
            group.enter()
            loop.execute {
                HTTPClientConnection.openAttached(host: "127.0.0.1", port: port, timeouts: (.seconds(10), .seconds(600)),
                                                  on: loop) { opened in
                    let connection: HTTPClientConnection
                    do throws(HTTPClientError) { connection = try opened.get() } catch { return finished(client, .failure(error)) }
                    let request = HTTPRequest(method: .post, target: "/uploads/\(client)",
                                              headers: ["Content-Type": json ? "application/json" : "application/octet-stream"])
                    var status = 0
                    let writer = connection.exchangeStreaming(request, bodyLength: total) { event in
                        switch event {
                        case .head(let head): status = head.status.code
                        case .body: break
                        case .end:
                            connection.close()
                            finished(client, .success(status))
                        case .failed(let error):
                            connection.close()
                            finished(client, .failure(error))
                        }
                    }
                    writer.write(opening)
                    pump(writer, from: opening.count)
                }
            }
        }
        group.wait()
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        print("uploads-ok \(succeeded.load(ordering: .relaxed)) of \(clients)")
        print("uploads-seconds \(String(format: "%.1f", seconds))")
        print("uploads-mib-per-second \(String(format: "%.0f", Double(clients * mebibytes) / seconds))")
    }

    /// 64 KiB of pseudo-random bytes that do not start a JSON text.
    private static func binaryBlock() -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in block.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            block[index] = UInt8(truncatingIfNeeded: state >> 56)
        }
        block[0] = 0xFF
        return block
    }

    /// About 64 KiB of JSON array elements, each `{…},`.
    private static func jsonBlock() -> [UInt8] {
        var block: [UInt8] = []
        var step = 0
        while block.count < 64 * 1024 - 64 {
            block += Array(#"{"step": \#(step), "celsius": 180.5, "probe": "core", "ok": true},"#.utf8)
            step += 1
        }
        return block
    }
}
