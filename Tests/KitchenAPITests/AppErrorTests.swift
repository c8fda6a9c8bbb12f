import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenAPI
import Testing

@Suite("AppError mapping")
struct AppErrorTests {
    @Test("Each documented error body maps to its case", arguments: [
        (400, #"{"error":"bad_request","message":"missing field isOn"}"#,
         AppError.badRequest(message: "missing field isOn")),
        (400, #"{"error":"invalid_value","message":"targetTemperature must be 170…550"}"#,
         .invalidValue(message: "targetTemperature must be 170…550")),
        (401, #"{"error":"unauthorized","message":"token expired"}"#, .unauthorized),
        (404, #"{"error":"not_found","message":"no such device"}"#, .notFound),
        (405, #"{"error":"method_not_allowed","message":"use POST"}"#, .server(status: 405)),
        (409, #"{"error":"conflict","message":"already running"}"#, .conflict),
        (413, #"{"error":"payload_too_large","message":"over 64 KiB"}"#, .payloadTooLarge),
        (500, #"{"error":"internal","message":"oops"}"#, .server(status: 500)),
        (400, #"{"message":"no code","error":"bad_request","extra":1}"#, .badRequest(message: "no code")),
    ])
    func fromErrorBody(status: Int, body: String, expected: AppError) {
        #expect(AppError.from(status: status, body: Data(body.utf8)) == expected)
    }

    @Test("An unreadable or unknown body falls back to the status", arguments: [
        (400, "", AppError.badRequest(message: "")),
        (401, "", .unauthorized),
        (404, "<html>Not Found</html>", .notFound),
        (409, "{}", .conflict),
        (413, "null", .payloadTooLarge),
        (500, "", .server(status: 500)),
        (502, "Bad Gateway", .server(status: 502)),
        (503, #"{"error":"overloaded"}"#, .server(status: 503)),
        (400, #"{"error":"teapot","message":"short and stout"}"#, .badRequest(message: "short and stout")),
    ])
    func fallbackByStatus(status: Int, body: String, expected: AppError) {
        #expect(AppError.from(status: status, body: Data(body.utf8)) == expected)
    }

    @Test("A known code in the body wins over a mismatched status")
    func codeWinsOverStatus() {
        #expect(AppError.from(status: 400, body: Data(#"{"error":"unauthorized","message":""}"#.utf8)) == .unauthorized)
    }

    @Test("Cancellation is never a user-facing error")
    func cancellationIsNil() {
        #expect(AppError.from(CancellationError()) == nil)
        #expect(AppError.from(URLError(.cancelled)) == nil)
    }

    @Test("AppError passes through; URLError becomes transport with its code")
    func passThroughAndTransport() throws {
        #expect(AppError.from(AppError.conflict) == .conflict)
        guard case .transport(let description) = AppError.from(URLError(.cannotConnectToHost)) else {
            Issue.record("expected transport")
            return
        }
        #expect(description.contains(String(URLError.Code.cannotConnectToHost.rawValue)))
        struct Odd: Error {}
        if case .transport = AppError.from(Odd()) {} else { Issue.record("an unknown error should be transport") }
    }

    @Test("DecodingError becomes decoding with the dotted coding path, array indices as numbers")
    func decodingPath() throws {
        let error = try #require(throws: DecodingError.self) {
            _ = try decode([DeviceInfo].self, from: #"""
                [{"id":"a","name":"n","type":"oven","model":"m","isOnline":true},
                 {"id":"b","name":"n","type":"oven","model":"m","isOnline":"yes"}]
                """#)
        }
        guard case .decoding(let path, let description) = AppError.from(error) else {
            Issue.record("expected decoding")
            return
        }
        #expect(path == "1.isOnline")
        #expect(!description.isEmpty)
    }

    @Test("WebSocket connect errors map: 401 refused is unauthorized, others transport")
    func webSocketConnectErrors() {
        #expect(AppError.from(WebSocketConnectError.unauthorized) == .unauthorized)
        #expect(AppError.from(WebSocketConnectError.failed("refused")) == .transport(description: "refused"))
    }

    @Test("WebSocket close codes: 4001 is unauthorized, normal closes are not errors")
    func webSocketClose() {
        #expect(AppError.fromWebSocketClose(code: 4001, reason: "unauthorized") == .unauthorized)
        #expect(AppError.fromWebSocketClose(code: 1000, reason: "") == nil)
        #expect(AppError.fromWebSocketClose(code: 1001, reason: "going away") == nil)
        #expect(AppError.fromWebSocketClose(code: 1011, reason: "boom")
            == .transport(description: "WebSocket closed (1011): boom"))
        #expect(AppError.fromWebSocketClose(code: nil, reason: "")
            == .transport(description: "WebSocket closed (no code)"))
    }

    @Test("Only unauthorized asks for a new sign-in; every case has a message")
    func flagsAndMessages() {
        let all: [AppError] = [
            .unauthorized, .notFound, .conflict, .invalidValue(message: ""), .badRequest(message: ""),
            .payloadTooLarge, .server(status: 500), .transport(description: "x"),
            .decoding(path: "a", description: "b"),
        ]
        #expect(all.filter(\.isUnauthorized) == [.unauthorized])
        #expect(all.allSatisfy { !$0.message.isEmpty })
        #expect(AppError.invalidValue(message: "Too hot").message == "Too hot")
        #expect(Set(all.map(\.message)).count == all.count)
    }
}
