import Foundation
import KitchenRecording

/// What recording one exchange costs the recording proxy, on one thread and with no socket:
/// the record built from the exchange as the proxy parsed it, redacted, encoded, checked for
/// secrets (`prepare`), then written to the journal (`write(2)`, no sync). The exchange is the
/// one `make bench` drives through the proxy (an authenticated oven read), after a login whose
/// token redaction has learned, so the known-secret sweep is as busy as in a real session.
enum RecordCostBenchmark {
    static func run(records: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-cost-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = try JournalWriter(
            url: directory.appendingPathComponent("bench.har.journal"), creator: HAR.Creator(name: "kitchen-bench", version: "1"),
            startedAt: Date(), redactor: Redactor(), durability: .none)
        let token = "d2f1c0e4b7a94c1e8f3b5a6d9e0c7b2a"
        try journal.append(.entry(exchange(
            method: "POST", target: "/auth/login", requestHeaders: [("Content-Type", "application/json")],
            requestBody: #"{"username":"demo","password":"demo"}"#,
            responseBody: #"{"token":"\#(token)","expiresAt":"2026-11-20T11:00:00.000Z","user":{"id":"user-6d6d18d8","username":"demo"}}"#)()))
        let read = exchange(
            method: "GET", target: "/devices/oven-66a3a7/oven", requestHeaders: [("Authorization", "Bearer \(token)")],
            requestBody: "",
            responseBody: #"{"isOn":false,"targetTemperature":350,"currentTemperature":75,"mode":"bake","lastUpdated":"2026-11-25T10:20:39.291Z"}"#)

        var prepared: [JournalWriter.PreparedRecord] = []
        prepared.reserveCapacity(records)
        let clock = ContinuousClock()
        let building = clock.measure {
            for _ in 0..<records { _ = read() }
        }
        let preparing = try clock.measure {
            for _ in 0..<records { prepared.append(try journal.prepare(.entry(read()))) }
        }
        let writing = try clock.measure {
            for record in prepared { _ = try journal.write([record]) }
        }
        try journal.close()
        func micros(_ duration: Duration) -> String {
            String(format: "%.1f", duration / .microseconds(1) / Double(records))
        }
        // `prepare` includes building the entry, so the line reports it on its own too.
        print("record-cost-prepare \(micros(preparing)) us/record (of which building the entry \(micros(building)) us)")
        print("record-cost-write \(micros(writing)) us/record (one write(2) each, no sync)")
    }

    /// The entry the proxy builds for one exchange, as a function: each call builds it afresh,
    /// as the proxy does for every request.
    private static func exchange(method: String, target: String, requestHeaders: [(String, String)], requestBody: String,
                                 responseBody: String) -> @Sendable () -> HAR.Entry {
        let started = Date(timeIntervalSince1970: 1_795_169_730)
        var headers = [("Host", "127.0.0.1:8080"), ("User-Agent", "wrk")] + requestHeaders
        if !requestBody.isEmpty { headers.append(("Content-Length", String(requestBody.utf8.count))) }
        let requestHeaders = headers
        return {
            HAR.Entry(
                startedAt: started,
                request: HAR.RawRequest(authority: "127.0.0.1:8080", method: Array(method.utf8), target: Array(target.utf8),
                                        headers: requestHeaders.map { HAR.Header(name: $0.0, value: $0.1) }, body: Array(requestBody.utf8),
                                        headersSize: 120),
                response: HAR.RawResponse(status: 200, reason: Array("OK".utf8),
                                          headers: [HAR.Header(name: "Content-Type", value: "application/json"),
                                                    HAR.Header(name: "Date", value: "Wed, 25 Nov 2026 10:20:47 GMT"),
                                                    HAR.Header(name: "Content-Length", value: String(responseBody.utf8.count))],
                                          body: Array(responseBody.utf8), headersSize: 109),
                timings: HAR.Timings(send: 0, wait: 0, receive: 0))
        }
    }
}
