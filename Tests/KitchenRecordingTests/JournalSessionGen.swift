import Foundation
import KitchenRecording
import KitchenTesting

/// A recording session's events, in the order the proxy would journal them.
struct GeneratedSession: Sendable, CustomStringConvertible {
    var events: [JournalEvent]

    var description: String { events.map { "\($0)" }.joined(separator: "\n") }
}

/// Sessions as the recording proxy sees them: a login whose response teaches a token, then
/// exchanges that carry it (in `Authorization`, `?token=`, cookies, `Location` and bodies) or
/// secrets of their own, bodies from ``WholeBodyGen`` (JSON with credential-named members,
/// text, forms, bytes that are not UTF-8), and sometimes a WebSocket conversation.
enum JournalSessionGen {
    static let started = Date(timeIntervalSince1970: 1_795_169_730.125)
    static let tokens = ["tok-4f9a2c7e1b8d3a6f", "tok-77aa01bb92cc83dd", "tok-a/b+c=d%e"]
    static let paths = ["/devices", "/devices/oven-1/oven", "/uploads", "/auth/login", "/auth/refresh", "/ws"]

    static func pick(_ options: [String], _ source: inout ChoiceSource) throws(GenerationFailure) -> String {
        try WholeBodyGen.pick(options, &source)
    }

    static func at(_ milliseconds: Int) -> Date { started.addingTimeInterval(Double(milliseconds) / 1000) }

    static func login(token: String, at offset: Int, _ source: inout ChoiceSource) throws(GenerationFailure) -> HAR.Entry {
        let password = try pick(["correct horse battery", "demo", "p\\\"w\\u00e9-long-enough"], &source)
        let request = #"{"username":"demo","password":"\#(password)"}"#
        let response = #"{"token":"\#(token)","expiresAt":"2026-11-20T11:00:00.000Z","user":{"id":"u1","username":"demo"}}"#
        return HAR.Entry(
            startedAt: at(offset),
            request: HAR.RawRequest(authority: "127.0.0.1:8080", method: Array("POST".utf8), target: Array("/auth/login".utf8),
                                    headers: [HAR.Header(name: "Host", value: "127.0.0.1:8080"), HAR.Header(name: "Content-Type", value: "application/json"),
                                              HAR.Header(name: "Content-Length", value: String(request.utf8.count))],
                                    body: Array(request.utf8), headersSize: 120),
            response: HAR.RawResponse(status: 200, reason: Array("OK".utf8),
                                      headers: [HAR.Header(name: "Content-Type", value: "application/json")], body: Array(response.utf8),
                                      headersSize: 90),
            timings: HAR.Timings(send: 0.25, wait: 3.5, receive: 0.125))
    }

    static func target(token: String, _ source: inout ChoiceSource) throws(GenerationFailure) -> String {
        let path = try pick(paths, &source)
        switch try source.draw(upTo: 4) {
        case 0: return path + "?token=\(token)"
        case 1: return path + "?page=2&access_token=\(try WholeBodyGen.secret(&source))"
        case 2: return path + "?q=a%20b&v=1"
        default: return path
        }
    }

    static func exchange(token: String, at offset: Int, _ source: inout ChoiceSource) throws(GenerationFailure) -> HAR.Entry {
        let method = try pick(["GET", "POST", "PUT", "DELETE"], &source)
        let target = try target(token: token, &source)
        var headers = [HAR.Header(name: "Host", value: "127.0.0.1:8080"), HAR.Header(name: "User-Agent", value: "wrk")]
        if try source.drawFlag(probability: 0.7) {
            let credential = try pick(["Bearer \(token)", "Bearer <token-1>", "Basic dXNlcjpwYXNzd29yZA==", "Bearer  \(WholeBodyGen.known) "],
                                      &source)
            headers.append(HAR.Header(name: "Authorization", value: credential))
        }
        if try source.drawFlag(probability: 0.2) { headers.append(HAR.Header(name: "Cookie", value: "session=\(try WholeBodyGen.secret(&source)); theme=dark")) }
        let isForm = try source.drawFlag(probability: 0.15)
        let requestBody = isForm ? try WholeBodyGen.form(&source) : method == "GET" ? "" : try WholeBodyGen.body(&source)
        if !requestBody.isEmpty {
            headers.append(HAR.Header(name: "Content-Type", value: isForm ? "application/x-www-form-urlencoded" : "application/json"))
            headers.append(HAR.Header(name: "Content-Length", value: String(requestBody.utf8.count)))
        }
        var responseHeaders = [HAR.Header(name: "Content-Type", value: "application/json"), HAR.Header(name: "Date", value: "Wed, 25 Nov 2026 10:20:47 GMT")]
        if try source.drawFlag(probability: 0.15) {
            responseHeaders.append(HAR.Header(name: "Set-Cookie", value: "session=\(try WholeBodyGen.secret(&source)); Path=/; HttpOnly"))
        }
        if try source.drawFlag(probability: 0.1) { responseHeaders.append(HAR.Header(name: "Location", value: "/callback?code=1&access_token=\(token)")) }
        var responseBody = Array(try WholeBodyGen.body(&source).utf8)
        // Bytes that are not UTF-8 are recorded base64, where the sweep must decode them to look.
        if try source.drawFlag(probability: 0.05) { responseBody = [0xFF, 0x00] + Array(token.utf8) }
        let status = [200, 201, 204, 401, 500][Int(try source.draw(upTo: 4))]
        return HAR.Entry(
            startedAt: at(offset),
            request: HAR.RawRequest(authority: "127.0.0.1:8080", method: Array(method.utf8), target: Array(target.utf8),
                                    headers: headers, body: Array(requestBody.utf8), headersSize: 150),
            response: HAR.RawResponse(status: status, reason: Array("Whatever".utf8), headers: responseHeaders, body: responseBody,
                                      headersSize: 110),
            timings: HAR.Timings(send: 0, wait: Double(offset) / 8, receive: 0))
    }

    /// A conversation's open, messages and close under `id`.
    static func webSocket(id: String, token: String, at offset: Int, _ source: inout ChoiceSource) throws(GenerationFailure) -> [JournalEvent] {
        let open = HAR.Entry(
            startedAt: at(offset),
            request: HAR.RawRequest(scheme: "ws", authority: "127.0.0.1:8080", method: Array("GET".utf8),
                                    target: Array("/ws?token=\(token)&v=1".utf8),
                                    headers: [HAR.Header(name: "Upgrade", value: "websocket"), HAR.Header(name: "Connection", value: "Upgrade")]),
            response: HAR.RawResponse(status: 101, reason: Array("Switching Protocols".utf8), headers: [HAR.Header(name: "Upgrade", value: "websocket")]),
            timings: HAR.Timings(), resourceType: "websocket")
        var events = [JournalEvent.websocketOpen(id: id, entry: open)]
        for index in 0..<Int(try source.draw(upTo: 4)) {
            let payload = Array(try WholeBodyGen.body(&source).utf8)
            let opcode: HAR.WebSocketMessage.Opcode = try source.drawFlag(probability: 0.2) ? .binary : .text
            let type: HAR.WebSocketMessage.Direction = try source.drawFlag(probability: 0.5) ? .send : .receive
            var message = HAR.WebSocketMessage(type: type, at: at(offset + index + 1), opcode: opcode, payload: payload)
            // The proxy marks a message it will never hand over (`_undelivered`).
            message.undelivered = try source.drawFlag(probability: 0.2) ? true : nil
            events.append(.websocketMessage(id: id, message: message))
        }
        let reason = try pick(["bye", "token \(token) expired", ""], &source)
        events.append(.websocketClose(id: id, close: HAR.WebSocketClose(code: 1000, reason: reason, closedBy: .client)))
        return events
    }

    static let session = Gen<GeneratedSession> { (source: inout ChoiceSource) throws(GenerationFailure) -> GeneratedSession in
        let token = try pick(tokens, &source)
        var events: [JournalEvent] = []
        if try source.drawFlag(probability: 0.8) { events.append(.entry(try login(token: token, at: 0, &source))) }
        for index in 0..<(1 + Int(try source.draw(upTo: 3))) {
            events.append(.entry(try exchange(token: token, at: 10 * (index + 1), &source)))
        }
        if try source.drawFlag(probability: 0.3) { events += try webSocket(id: "ws-1", token: token, at: 100, &source) }
        return GeneratedSession(events: events)
    }
}
