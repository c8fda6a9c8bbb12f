import Foundation
import HarnessCore
import HTTPWire
import KitchenSimulator
import KitchenVerify
import Testing
import KitchenTestSupport

/// `kitchen verify --live`: the gate for a new server build, run against an in-process
/// simulator without controls (a stand-in for a real server), and against a deliberately
/// broken one that renames a field of every error body.
@Suite("kitchen verify --live", .timeLimit(.minutes(2)))
struct LiveVerifyTests {
    /// A simulator as a real server looks: no controls, a wall clock, bound to a free port.
    private func startServer() throws -> Simulator {
        let simulator = Simulator(configuration: SimulatorConfiguration(host: "127.0.0.1", port: 0, controlsEnabled: false))
        try simulator.start()
        return simulator
    }

    @Test("against a healthy server: the control scenarios are skipped and listed, everything else passes")
    func healthyServerPasses() async throws {
        let simulator = try startServer()
        defer { simulator.stop() }
        let folder = try TemporaryFolder("live")
        defer { folder.remove() }
        let junit = folder.file("live.xml")
        let outcome = await kitchen("verify", "--live", try #require(simulator.baseURL), "--user", "demo", "--password", "demo",
                                    "--recordings", Repository.recordings.path, "--contracts", Repository.contracts.path,
                                    "--junit", junit.path)
        #expect(outcome.status == .success, "\(outcome.out)\(outcome.error)")
        #expect(outcome.out.contains("  scenarios                11 case(s), 0 failed, 6 skipped\n"))
        #expect(outcome.out.contains("  skipped scenarios: fridge-door, dishwasher-cycle, ice-maker-fills-bin, expired-token, "
            + "token-expiry-live-updates, reconnect-after-drop (needs provider-state controls; the server offers none (GET /_sim))"))
        #expect(outcome.out.contains("  shapes vs baseline       1 case(s), 0 failed — against \(Repository.recordings.path)"))
        // Coverage that only the skipped scenarios provide is listed, not failed.
        #expect(outcome.out.contains("  - not exercised live: GET /ws → 401"))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"<testcase classname="kitchen.verify.scenarios" name="record expired-token">"#))
        #expect(xml.contains(#"<skipped message="needs provider-state controls; the server offers none (GET /_sim)"/>"#))
    }

    @Test("against a server that renames an error body's field: exit 1, naming the shape change and the violation")
    func renamedFieldFails() async throws {
        let simulator = try startServer()
        defer { simulator.stop() }
        let broken = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0),
                                responder: RenamingRelay(upstreamPort: try #require(simulator.port), from: "message", to: "detail"))
        try broken.start()
        defer { broken.stop() }
        let port = try #require(broken.address?.port)
        let outcome = await kitchen("verify", "--live", "http://127.0.0.1:\(port)", "--user", "demo", "--password", "demo",
                                    "--recordings", Repository.recordings.path, "--contracts", Repository.contracts.path,
                                    "--only", "error-statuses.har")
        #expect(outcome.status == .failure)
        #expect(outcome.out.contains("""
            FAIL [shapes] propertyRemoved POST /devices/{deviceId}/oven/temperature → 400 → /message
              at POST /devices/{deviceId}/oven/temperature → 400 → /message
                expected: string
                found:    absent
            """), "\(outcome.out)")
        #expect(outcome.out.contains("""
            FAIL [contract] error-statuses.har #5 POST /devices/{deviceId}/oven/temperature → 400
              at /response/body/message
                expected: required member
            """), "\(outcome.out)")
        #expect(outcome.out.contains("additive change against \(Repository.recordings.path): ADDITIVE  POST /auth/login → 400 → /detail"))
        #expect(outcome.out.contains("--password \"$KITCHEN_PASSWORD\""))
        #expect(!outcome.out.contains("--password demo"))
    }
}

/// A deliberately broken server: relays each request to the simulator and renames one member
/// of every JSON object body it returns. It has no WebSocket route, so only scenarios without
/// live updates run against it.
private struct RenamingRelay: HTTPResponder {
    let upstreamPort: Int
    let from: String
    let to: String

    /// Forwarding blocks: it runs off the event loop, and the answer comes later.
    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
        let reply = HTTPDeferredReply()
        DispatchQueue.global().async { reply.complete(forward(request)) }
        return .deferred(reply)
    }

    private func forward(_ request: HTTPRequest) -> HTTPReply {
        var forwarded = request
        for name in ["Host", "Connection", "Content-Length"] { forwarded.headers.remove(name) }
        do {
            let connection = try HTTPClientConnection(host: "127.0.0.1", port: upstreamPort)
            defer { connection.close() }
            let answer = try connection.send(forwarded)
            var body = answer.bodyBytes ?? []
            if case .object(var object)? = try? JSONValue(parsing: body), let value = object[from] {
                object[from] = nil
                object[to] = value
                body = JSONSerializer.bytes(.object(object))
            }
            var headers: HTTPHeaders = [:]
            if let type = answer.headers["Content-Type"] { headers["Content-Type"] = type }
            return .response(HTTPResponse(status: answer.status, headers: headers, body: body))
        } catch {
            return .response(.text(502, "relay failed: \(error)"))
        }
    }
}
