import Foundation
import HarnessCore
import Synchronization
@testable import KitchenRecording

/// Runs `body` with a fresh directory under the system's temporary directory, removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("KitchenRecordingTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

/// Recorded traffic the tests build on, made through the raw-bytes builder.
enum Fixture {
    static let token = "tok_4f9a2c7e1b8d3a6f5e0c9b2a"
    static let secondToken = "tok_77aa01bb92cc83dd74ee65ff"
    static let password = "correct horse battery"
    static let creator = HAR.Creator(name: "KitchenRecorder", version: "1.0")
    /// 2026-11-20T10:15:30.123Z
    static let start = Date(timeIntervalSince1970: 1_795_169_730.123)

    static func date(plusMilliseconds offset: Int64) -> Date {
        Timestamp.date(milliseconds: 1_795_169_730_123 + offset)
    }

    static let timings = HAR.Timings(send: 0.25, wait: 3.5, receive: 0.125)

    static func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: String = "", scheme: String = "http"
    ) -> HAR.RawRequest {
        var raw = headers.map { HAR.Header(name: $0.0, value: $0.1) }
        if !body.isEmpty {
            raw.append(HAR.Header(name: "Content-Type", value: "application/json"))
            raw.append(HAR.Header(name: "Content-Length", value: String(body.utf8.count)))
        }
        return HAR.RawRequest(
            scheme: scheme, authority: "127.0.0.1:8080", method: Array(method.utf8), target: Array(target.utf8),
            headers: raw, body: Array(body.utf8))
    }

    static func response(_ status: Int, _ reason: String, json body: String) -> HAR.RawResponse {
        HAR.RawResponse(
            status: status, reason: Array(reason.utf8),
            headers: [HAR.Header(name: "Content-Type", value: "application/json"), HAR.Header(name: "Content-Length", value: String(body.utf8.count))],
            body: Array(body.utf8))
    }

    static func login(token: String = token, password: String = password, at offset: Int64 = 0) -> HAR.Entry {
        HAR.Entry(
            startedAt: date(plusMilliseconds: offset),
            request: request("POST", "/auth/login", body: #"{"username":"demo","password":"\#(password)"}"#),
            response: response(200, "OK", json: #"{"token":"\#(token)","expiresAt":"2026-11-20T11:15:30.123Z","user":{"id":"u1","username":"demo"}}"#),
            timings: timings)
    }

    static func devices(token: String = token, at offset: Int64 = 10) -> HAR.Entry {
        HAR.Entry(
            startedAt: date(plusMilliseconds: offset),
            request: request("GET", "/devices", headers: [("Host", "127.0.0.1:8080"), ("Authorization", "Bearer \(token)")]),
            response: response(200, "OK", json: #"[{"id":"oven-1","name":"Upper/Lower Oven","type":"oven","model":"DO-30","isOnline":true}]"#),
            timings: timings)
    }

    static func webSocket(token: String = token, at offset: Int64 = 20) -> HAR.Entry {
        var entry = HAR.Entry(
            startedAt: date(plusMilliseconds: offset),
            request: request("GET", "/ws?token=\(token)&v=1", headers: [("Upgrade", "websocket"), ("Connection", "Upgrade")], scheme: "ws"),
            response: HAR.RawResponse(status: 101, reason: Array("Switching Protocols".utf8), headers: [HAR.Header(name: "Upgrade", value: "websocket")]),
            timings: timings, resourceType: "websocket")
        entry.webSocketMessages = [
            stateMessage(at: offset + 5),
            HAR.WebSocketMessage(type: .send, at: date(plusMilliseconds: offset + 6), opcode: .binary, payload: [0x00, 0xFF, 0x80, 0x7F]),
        ]
        entry.webSocketClose = HAR.WebSocketClose(code: 1000, reason: "bye", closedBy: .client)
        return entry
    }

    static func stateMessage(at offset: Int64, lastUpdated: String = "2026-11-20T10:15:30.000Z") -> HAR.WebSocketMessage {
        let text = #"{"type":"state","deviceId":"fridge-1","deviceType":"fridge","compartment":null,"state":{"targetTemperature":37,"currentTemperature":38,"freezerTargetTemperature":0,"freezerCurrentTemperature":1,"isDoorOpen":false,"doorOpenedAt":null,"lastUpdated":"\#(lastUpdated)"},"sentAt":"2026-11-20T10:15:31.000Z"}"#
        return HAR.WebSocketMessage(type: .receive, at: date(plusMilliseconds: offset), opcode: .text, payload: Array(text.utf8))
    }

    static func failed(at offset: Int64 = 30) -> HAR.Entry {
        HAR.Entry(
            startedAt: date(plusMilliseconds: offset), request: request("GET", "/devices/oven-9/oven?compartment=upper"),
            failure: HAR.ExchangeError(kind: .refused, message: "connection refused"), timings: HAR.Timings(connect: 0.5))
    }

    static func document(_ entries: [HAR.Entry]) -> HAR.Document {
        HAR.Document(log: HAR.Log(creator: creator, entries: entries))
    }
}

/// A clock whose every reading is `step` later than the one before, so that code pacing
/// itself by elapsed time can be driven without waiting.
final class StepClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    let step: Duration
    private let readings = Atomic<Int>(0)

    init(step: Duration) { self.step = step }

    var now: Instant {
        Instant(offset: step * readings.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    var minimumResolution: Duration { step }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        // Never called by the code under test; a step clock has no waiting to do.
    }
}

extension JSONValue {
    /// The member names of the object at `pointer`, sorted.
    func keys(at pointer: String) -> [String] {
        (JSONPointer(pointer)?.resolve(in: self)?.objectValue?.keys ?? []).sorted()
    }
}
