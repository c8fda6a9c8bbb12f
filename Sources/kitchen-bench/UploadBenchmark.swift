import Dispatch
import Foundation
import HTTPWire
import Synchronization

/// Large uploads through a recording proxy, for its memory under load: `upload-sink` is an
/// upstream that reads and discards any body (announcing `http://127.0.0.1:PORT`), and
/// `uploads PORT CLIENTS MIB` sends `CLIENTS` parallel uploads of `MIB` MiB each to the proxy
/// on `PORT` (binary, `Content-Length`, written 64 KiB at a time) and prints how long they took.
/// The proxy's peak RSS is read from `/proc` by `Benchmarks/uploads.sh`.
enum UploadBenchmark {
    /// Reads each body as it arrives and answers with its size.
    struct Sink: HTTPResponder {
        func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery { .streamed }

        func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
            var count = request.body.count
            while let piece = try? context.body?.read() { count += piece.count }
            return .response(.text(.ok, "received \(count) bytes\n"))
        }
    }

    static func sink() {
        let server = HTTPServer(configuration: HTTPServerConfiguration(port: 0, limits: HTTPLimits(maxBodyBytes: 1 << 30)),
                                responder: Sink())
        guard (try? server.start()) != nil, let port = server.address?.port else {
            print("upload-sink-error could not start")
            return
        }
        FileHandle.standardOutput.write(Data("upload sink on http://127.0.0.1:\(port)\n".utf8))
        DispatchSemaphore(value: 0).wait()
    }

    static func run(port: Int, clients: Int, mebibytes: Int) {
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in block.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            block[index] = UInt8(truncatingIfNeeded: state >> 56)
        }
        block[0] = 0xFF  // not the start of a JSON text
        let payload = block
        let total = mebibytes << 20
        let succeeded = Atomic<Int>(0)
        let group = DispatchGroup()
        let started = ContinuousClock.now
        for client in 0..<clients {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                guard let connection = try? HTTPClientConnection(host: "127.0.0.1", port: port, responseTimeout: .seconds(600)) else { return }
                let request = HTTPRequest(method: .post, target: "/uploads/\(client)", headers: ["Content-Type": "application/octet-stream"])
                do throws(HTTPClientError) {
                    try connection.writeHead(request, bodyLength: total)
                    var sent = 0
                    while sent < total {
                        let count = min(payload.count, total - sent)
                        try connection.writeBodyPiece(payload[0..<count])
                        sent += count
                    }
                    try connection.finishBody()
                    let head = try connection.readHead()
                    while try connection.readBodyChunk() != nil {}
                    if head.status.code == 200 { succeeded.add(1, ordering: .relaxed) }
                } catch {
                    FileHandle.standardError.write(Data("upload \(client): \(error)\n".utf8))
                }
            }
        }
        group.wait()
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        print("uploads-ok \(succeeded.load(ordering: .relaxed)) of \(clients)")
        print("uploads-seconds \(String(format: "%.1f", seconds))")
        print("uploads-mib-per-second \(String(format: "%.0f", Double(clients * mebibytes) / seconds))")
    }
}
