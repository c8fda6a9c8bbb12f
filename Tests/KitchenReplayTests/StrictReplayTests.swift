import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenAPI
import KitchenRecording
import KitchenReplay
import KitchenReproduce
import Testing
import KitchenTestSupport

/// Strict replay names exactly what differs when a request strays from the recording.
@Suite struct StrictReplayTests {
    /// The oven-controls recording, replayed in-process.
    func session() throws -> ReplaySession {
        try ReplaySession(contentsOf: Repository.recording("oven-controls"), speed: .max)
    }

    /// Sends one raw request through the replay transport and returns the mismatch it caused.
    func mismatch(_ session: ReplaySession, method: String, path: String, body: String?) async throws -> ReplayEngine.Mismatch {
        var request = URLRequest(url: session.baseURL.appendingPathComponent(path))
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        let (_, response) = try await session.transport.send(request)
        #expect(response.statusCode == ReplayHTTPTransport.unmatchedStatus)
        return try #require(session.engine.mismatches.last)
    }

    func ovenID(_ session: ReplaySession) throws -> String {
        let entry = try #require(session.engine.document.log.entries.first { $0.request.urlPath.hasSuffix("/oven/temperature") })
        return String(entry.request.urlPath.split(separator: "/")[1])
    }

    @Test func aDifferentMethodIsNamed() async throws {
        let session = try session()
        let oven = try ovenID(session)
        let found = try await mismatch(session, method: "PUT", path: "devices/\(oven)/oven/temperature",
                                       body: #"{"targetTemperature": 375, "compartment": "upper"}"#)
        #expect(found.differences.map(\.field) == ["method"])
        #expect(found.description.contains("method: recorded POST, got PUT"))
    }

    @Test func aDifferentPathIsNamed() async throws {
        let session = try session()
        let found = try await mismatch(session, method: "POST", path: "devices/oven-000000/oven/temperature",
                                       body: #"{"targetTemperature": 375, "compartment": "upper"}"#)
        #expect(found.differences.map(\.field) == ["path"])
    }

    @Test func aDifferentQueryValueIsNamed() async throws {
        let session = try session()
        let oven = try ovenID(session)
        var components = URLComponents(url: session.baseURL.appendingPathComponent("devices/\(oven)/oven"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "compartment", value: "middle")]
        var request = URLRequest(url: components.url!)
        request.httpMethod = "GET"
        _ = try await session.transport.send(request)
        let found = try #require(session.engine.mismatches.last)
        #expect(found.differences.map(\.field) == ["query compartment"])
        #expect(found.differences.first?.actual == "\"middle\"")
    }

    @Test func aDifferentBodyFieldIsNamedByItsPointer() async throws {
        let session = try session()
        let oven = try ovenID(session)
        let found = try await mismatch(session, method: "POST", path: "devices/\(oven)/oven/temperature",
                                       body: #"{"targetTemperature": 380, "compartment": "upper"}"#)
        #expect(found.differences.map(\.field) == ["body /targetTemperature"])
        #expect(found.differences.first?.recorded == "375" && found.differences.first?.actual == "380")
    }

    @Test func unusedEntriesFailVerification() throws {
        let session = try session()
        #expect(throws: ReplayVerificationError.self) { try session.verify() }
        #expect(session.problems.count == session.engine.document.log.entries.count)
    }

    @Test func identicalRequestsAreAnsweredInRecordedOrderAndModesDecideWhatComesAfter() async throws {
        let document = try HARFile.load(from: Repository.recording("dishwasher-commands"))
        let stopIndices = document.log.entries.indices.filter { document.log.entries[$0].request.urlPath.hasSuffix("/dishwasher/stop") }
        #expect(stopIndices.count == 2)
        let (first, second) = (stopIndices[0], stopIndices[1])
        for mode in ReplayMode.allCases {
            let engine = ReplayEngine(document: document, mode: mode, volatile: .kitchen)
            let request = ReplayRequest(document.log.entries[first].request, volatile: .kitchen)
            var answered: [Int] = []
            for _ in 0..<3 {
                if case .answer(let entry) = engine.answer(request) { answered.append(entry.index) } else { answered.append(-1) }
            }
            switch mode {
            case .once: #expect(answered == [first, second, -1])
            case .sequence: #expect(answered == [first, second, second])
            case .repeat: #expect(answered == [first, second, first])
            }
        }
    }
}
