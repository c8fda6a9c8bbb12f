import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenReplay
import KitchenReproduce
import KitchenSwiftTesting
import Synchronization
import Testing
import KitchenTestSupport

/// `.replaying(…, matching:)`: a client at the root is answered from a recording made under a base
/// path both with the generic glue's default (the replay engine infers the base path from the
/// recorded paths) and with KitchenReproduce's `ReplayMatching.kitchen` (which infers it from the
/// Kitchen API's operations).
@Suite struct ReplayingMatchingTests {
    /// The intercept fixture's two requests, as if recorded from a server under `/api/v1`.
    static func recordingUnderBasePath() throws -> String {
        let fixture = try String(contentsOf: Repository.url("Tests/KitchenInterceptTests/Recordings/intercept-kitchen-a.har"),
                                 encoding: .utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("api-v1-\(UUID().uuidString).har").path
        try fixture.replacingOccurrences(of: "http://127.0.0.1:8080/", with: "http://127.0.0.1:8080/api/v1/")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The status of `GET https://kitchen.example.com/devices` (the root, no base path) under `trait`.
    static func statusOfDevicesAtTheRoot(under trait: ReplayingTrait) async throws -> Int {
        let test = try #require(Test.current)
        let status = Mutex(0)
        try await trait.provideScope(for: test, testCase: nil) {
            let (_, response) = try await URLSession.shared.data(from: URL(string: "https://kitchen.example.com/devices")!)
            let code = (response as? HTTPURLResponse)?.statusCode ?? 0
            status.withLock { $0 = code }
        }
        return status.withLock { $0 }
    }

    @Test func aClientAtTheRootIsAnsweredFromARecordingUnderABasePathWithTheKitchenMatching() async throws {
        let path = try Self.recordingUnderBasePath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await Self.statusOfDevicesAtTheRoot(under: .replaying(path, strict: false, matching: .kitchen)) == 200)
    }

    @Test func aClientAtTheRootIsAnsweredFromARecordingUnderABasePathWithTheDefaultMatching() async throws {
        let path = try Self.recordingUnderBasePath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await Self.statusOfDevicesAtTheRoot(under: .replaying(path, strict: false)) == 200)
    }
}
