import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenApp
import KitchenSwiftTesting
import Testing

/// The app's client, unchanged, answered by recordings. Record a missing one with
/// `KITCHEN_RECORD=missing swift test` (against the embedded simulator, or `KITCHEN_RECORD_URL`).
@Suite struct KitchenClientTests {
    /// Replay: the client is on `URLSession.shared`, and the recording answers it.
    @Test(.replaying("Recordings/sign-in-and-devices.har"))
    func signsInAndListsTheKitchen() async throws {
        let client = KitchenClient()
        let token = try await client.signIn(username: "demo", password: "demo")
        let devices = try await client.devices(token: token)
        #expect(devices.map(\.type) == ["oven", "oven", "fridge", "dishwasher", "ice_maker"])
        #expect(devices.allSatisfy { $0.isOnline })
    }

    /// Replay into a session the test hands the app: answered from any thread, isolated per test.
    @Test(.replaying("Recordings/sign-in-and-devices.har"))
    func worksWithTheAppsOwnSession() async throws {
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 10
        try Replaying.install(in: configuration)
        let client = KitchenClient(session: URLSession(configuration: configuration))
        let token = try await client.signIn(username: "demo", password: "demo")
        #expect(try await client.devices(token: token).count == 5)
    }

    /// Record on first run: with no recording, this test runs against a real server through the
    /// recorder and writes it (reported as a warning); every later run replays it. On CI a missing
    /// recording fails with the command that records it.
    @Test(.replaying("Recordings/single-oven.har", record: .missing))
    func readsTheSingleOven() async throws {
        let client = KitchenClient()
        let token = try await client.signIn(username: "demo", password: "demo")
        let single = try #require(try await client.devices(token: token).first { $0.type == "oven" && $0.compartments == nil })
        let oven = try await client.oven(id: single.id, token: token)
        #expect(!oven.isOn)
        #expect((170...550).contains(oven.targetTemperature))
    }

    /// Strict: a recorded request the app no longer makes fails the test.
    @Test(.replaying("Recordings/sign-in-and-devices.har"))
    func skippingARecordedRequestFailsTheReplay() async throws {
        _ = try await KitchenClient().signIn(username: "demo", password: "demo")
        withKnownIssue("the recorded GET /devices is never made") {
            try Replaying.verifyNow()
        }
    }

    /// Strict: a request the recording has no answer for gets `kitchen replay`'s 599, and fails the
    /// test with the nearest recorded request and the difference.
    @Test(.replaying("Recordings/sign-in-and-devices.har"))
    func anUnrecordedRequestFailsTheReplay() async throws {
        let client = KitchenClient()
        let token = try await client.signIn(username: "demo", password: "demo")
        _ = try await client.devices(token: token)
        let error = await #expect(throws: KitchenClientError.self) { try await client.oven(id: "oven-1", token: token) }
        #expect(error?.status == 599)
        try withKnownIssue("GET /devices/oven-1/oven was never recorded") {
            try Replaying.verifyNow()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasSuffix("- path: recorded /devices, got /devices/oven-1/oven") }
        }
    }
}
