import Foundation
import HTTPWire
import KitchenRecording
import Testing

/// Many clients at once: every exchange is recorded once, intact.
@Suite(.timeLimit(.minutes(2))) struct ConcurrentRecordingTests {
    @Test func twoHundredClientsTimesFiftyRequestsGiveTenThousandDistinctEntries() throws {
        let harness = try RecorderHarness(upstream: Respond { request in
            .response(HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: Array("echo \(request.target)".utf8)))
        })
        let clients = 200, requests = 50
        let failures = Seen<String>()
        let port = harness.proxyPort
        DispatchQueue.concurrentPerform(iterations: clients) { client in
            do {
                let connection = try HTTPClientConnection(host: "127.0.0.1", port: port)
                for index in 0..<requests {
                    let target = "/c/\(client)/r/\(index)"
                    let body = try connection.send(HTTPRequest(method: .get, target: target)).bodyBytes ?? []
                    if body != Array("echo \(target)".utf8) { failures.add("\(target) got \(String(decoding: body, as: UTF8.self))") }
                }
            } catch {
                failures.add("client \(client): \(error)")
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
        let entries = try harness.finish().log.entries
        #expect(entries.count == clients * requests)
        var seenPaths = Set<String>()
        for entry in entries {
            let path = entry.request.urlPath
            #expect(entry.response.content.text == "echo \(path)", "merged or mismatched entry for \(path)")
            seenPaths.insert(path)
        }
        #expect(seenPaths.count == clients * requests)
    }
}
