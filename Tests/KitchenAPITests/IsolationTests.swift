import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenAPI
import Synchronization
import Testing

/// A transport that notes whether each request was sent on the main actor.
final class IsolationRecordingTransport: HTTPTransport {
    private let onMainActor = Mutex<[Bool]>([])

    var sentOnMainActor: [Bool] { onMainActor.withLock { $0 } }

    nonisolated(nonsending) func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        // In a nonisolated(nonsending) function, #isolation is the caller's actor.
        let isolation = #isolation
        onMainActor.withLock { $0.append((isolation as AnyObject?) === MainActor.shared) }
        let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
        return (Data("[]".utf8), response)
    }
}

@Suite("Caller isolation")
struct IsolationTests {
    @Test("A main-actor caller stays on the main actor through any APIServiceProtocol down to the transport")
    @MainActor
    func mainActorCallerStays() async throws {
        let transport = IsolationRecordingTransport()
        let api: any APIServiceProtocol = APIService(baseURL: URL(string: "http://kitchen.test")!, transport: transport)
        _ = try await api.fetchDevices()
        #expect(transport.sentOnMainActor == [true])
    }

    @Test("A nonisolated caller is not on the main actor (the check can tell)")
    func nonisolatedCallerIsNot() async throws {
        let transport = IsolationRecordingTransport()
        let api: any APIServiceProtocol = APIService(baseURL: URL(string: "http://kitchen.test")!, transport: transport)
        _ = try await api.fetchDevices()
        #expect(transport.sentOnMainActor == [false])
    }
}
