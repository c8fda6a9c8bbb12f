import Foundation
import HarnessCore
import KitchenAPI
import KitchenVerify
import Testing

/// Client drift bugs the gate once missed, planted in a client made here (the shipped
/// client is untouched) and handed to check 3 through `ClientUnderTest`. Each must fail a
/// case, with a finding that names the file, entry, JSON pointer, expected and found; the
/// real client must pass the same recording.
@Suite("Mutations: client drift bugs fail check 3")
struct ClientMutationTests {
    /// The failing cases of `recording` under `client`.
    static func failures(_ file: String, client: ClientUnderTest) throws -> [CaseResult] {
        let contracts = try #require(Fixtures.contracts)
        let recording = try #require(Fixtures.recording(file))
        #expect(ClientDecodingCheck(contracts: contracts).results(for: recording).allSatisfy { $0.passed }, "the real client passes \(file)")
        return ClientDecodingCheck(contracts: contracts, client: client).results(for: recording).filter { !$0.passed }
    }

    /// The real client with `decodeBody` replaced for the operations `operations` answer.
    static func client(decoding operations: Set<APIOperation>,
                       with decode: @escaping @Sendable (Data) throws -> ClientValue) -> ClientUnderTest {
        var client = ClientUnderTest.kitchenAPI
        client.decodeBody = { body, operation in
            operations.contains(operation) ? try decode(body) : try ClientUnderTest.kitchenAPI.decodeBody(body, operation)
        }
        return client
    }

    static let ovenOperations: Set<APIOperation> = [.getOvenState, .setOvenPower, .setOvenTemperature, .setOvenMode]
    static let iceMakerOperations: Set<APIOperation> = [.getIceMakerState, .setIceMakerPower, .setIceMakerRate]

    // MARK: A decoder that reads one field from another's key

    /// `OvenState` as a copy-paste slip decodes it: `currentTemperature` read from `targetTemperature`'s key.
    struct SlippedOvenState: Decodable {
        enum Keys: String, CodingKey { case isOn, targetTemperature, currentTemperature, mode, lastUpdated }
        let state: OvenState

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            state = OvenState(
                isOn: try container.decode(Bool.self, forKey: .isOn),
                targetTemperature: try container.decode(Int.self, forKey: .targetTemperature),
                currentTemperature: try container.decode(Int.self, forKey: .targetTemperature),
                mode: try container.decode(String.self, forKey: .mode),
                lastUpdated: try container.decode(Date.self, forKey: .lastUpdated))
        }
    }

    @Test("a decoder that reads currentTemperature from targetTemperature's key fails at that member, body and message")
    func copyPasteSlip() throws {
        var client = Self.client(decoding: Self.ovenOperations) { body in
            .oven(try KitchenJSON.makeDecoder().decode(SlippedOvenState.self, from: body).state)
        }
        // The same slip in the socket path: the message's oven state read the same way.
        client.decodeMessage = { text in
            guard case .state(var message) = StateMessage.decode(text: text), case .oven(var oven) = message.update else {
                return StateMessage.decode(text: text)
            }
            oven.currentTemperature = oven.targetTemperature
            message.update = .oven(oven)
            return .state(message)
        }
        let failures = try Self.failures("oven-controls.har", client: client)
        let findings = failures.flatMap(\.findings)
        // Entry 3 is POST …/oven/power → 200 {"targetTemperature":350,"currentTemperature":75,…}.
        let power = try #require(findings.first { $0.entry == 3 && $0.message == nil && $0.location == "/response/body/currentTemperature" })
        #expect(power.expected == "75")
        #expect(power.actual == "350")
        #expect(power.file == "oven-controls.har")
        #expect(findings.contains { $0.message != nil && $0.location == "/state/currentTemperature" })
        #expect(findings.allSatisfy { $0.location.hasSuffix("/currentTemperature") }, "\(lines(findings))")
    }

    // MARK: A client that defaults a required field the server dropped

    /// `IceMakerState` decoded leniently: a missing `isBinFull` becomes `false`.
    struct DefaultingIceMakerState: Decodable {
        enum Keys: String, CodingKey { case isOn, productionRate, binLevel, isBinFull, lastUpdated }
        let state: IceMakerState

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            state = IceMakerState(
                isOn: try container.decode(Bool.self, forKey: .isOn),
                productionRate: try container.decode(String.self, forKey: .productionRate),
                binLevel: try container.decode(Int.self, forKey: .binLevel),
                isBinFull: try container.decodeIfPresent(Bool.self, forKey: .isBinFull) ?? false,
                lastUpdated: try container.decode(Date.self, forKey: .lastUpdated))
        }
    }

    @Test("a decoder that defaults a missing required member fails the probe case, at that member, naming the default")
    func defaultedRequiredField() throws {
        let client = Self.client(decoding: Self.iceMakerOperations) { body in
            .iceMaker(try KitchenJSON.makeDecoder().decode(DefaultingIceMakerState.self, from: body).state)
        }
        let failures = try Self.failures("ice-maker-fills-bin.har", client: client)
        #expect(!failures.isEmpty)
        // The recorded bodies all have isBinFull, so only the probes can see the bug.
        #expect(failures.allSatisfy { $0.verifyCase.name.hasSuffix(ClientDecodingCheck.probeSuffix) })
        let findings = failures.flatMap(\.findings)
        #expect(findings.allSatisfy { $0.location == "/response/body/isBinFull" }, "\(lines(findings))")
        let first = try #require(findings.first)
        #expect(first.expected.hasSuffix(#"without required member "isBinFull" refused"#))
        #expect(first.actual == "read anyway, with isBinFull = false")
    }

    // MARK: A client that fails the whole device list on a device type it does not know

    /// `DeviceInfo` with a closed set of types, as a client written before the API grew would have it.
    struct StrictDevice: Decodable {
        enum Kind: String, Decodable { case oven, fridge, dishwasher, ice_maker }
        let id: String, name: String, type: Kind, model: String, isOnline: Bool
        let compartments: [Compartment]?

        var device: DeviceInfo {
            DeviceInfo(id: id, name: name, type: DeviceKind(rawValue: type.rawValue), model: model, isOnline: isOnline,
                       compartments: compartments)
        }
    }

    @Test("a device list that fails on a new device type fails the probe case at the device's type")
    func strictDeviceTypes() throws {
        let client = Self.client(decoding: [.listDevices]) { body in
            .devices(try KitchenJSON.makeDecoder().decode([StrictDevice].self, from: body).map(\.device))
        }
        let failures = try Self.failures("login-and-discovery.har", client: client)
        let findings = failures.flatMap(\.findings)
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0.expected.contains("with a new device type \"probe_new_appliance\"") }, "\(lines(findings))")
        let first = try #require(findings.first)
        #expect(first.location == "/response/body/0/type")
        #expect(first.actual.hasPrefix("refused: "))
    }

    @Test("a device list that survives a new device type by dropping every device fails: the rest must come through")
    func lossyDeviceList() throws {
        let client = Self.client(decoding: [.listDevices]) { body in
            .devices((try? KitchenJSON.makeDecoder().decode([StrictDevice].self, from: body).map(\.device)) ?? [])
        }
        let findings = try Self.failures("login-and-discovery.har", client: client).flatMap(\.findings)
        let lost = try #require(findings.first { $0.expected.contains("with a new device type") })
        #expect(lost.location == "/response/body")
        #expect(lost.expected.hasSuffix("the rest read as recorded: 4 element(s)"))
        #expect(lost.actual == "0 element(s)")
    }

    // MARK: A WebSocket URL that drops the base path

    @Test("a live-updates URL that drops the base path fails the URL case for a prefixed base URL")
    func droppedBasePath() throws {
        var client = ClientUnderTest.kitchenAPI
        client.liveUpdatesURL = { base in
            var components = URLComponents(url: base, resolvingAgainstBaseURL: false) ?? URLComponents()
            components.scheme = base.scheme == "https" ? "wss" : "ws"
            components.path = "/ws"
            return components.url ?? base
        }
        let failures = try Self.failures("oven-controls.har", client: client)
        #expect(failures.map(\.verifyCase.name) == ["oven-controls.har #2 \(LiveUpdatesURLCheck.label)"])
        let findings = failures.flatMap(\.findings)
        #expect(findings.map(\.location) == [
            "liveUpdatesURL(for: http://127.0.0.1:8080/api/v1)", "liveUpdatesURL(for: http://127.0.0.1:8080/api/v1/)",
            "liveUpdatesURL(for: https://127.0.0.1:8080/api/v1)",
        ])
        #expect(findings.first?.expected == "ws://127.0.0.1:8080/api/v1/ws")
        #expect(findings.first?.actual == "ws://127.0.0.1:8080/ws")
    }

    @Test("a live-updates URL that keeps ws for https fails the URL case on the https base URL")
    func insecureScheme() throws {
        var client = ClientUnderTest.kitchenAPI
        client.liveUpdatesURL = { base in
            let url = WebSocketService.liveUpdatesURL(for: base)
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
            components.scheme = "ws"
            return components.url ?? url
        }
        let findings = try Self.failures("oven-controls.har", client: client).flatMap(\.findings)
        #expect(findings.map(\.location) == ["liveUpdatesURL(for: https://127.0.0.1:8080/api/v1)"])
        #expect(findings.first?.expected == "wss://127.0.0.1:8080/api/v1/ws")
        #expect(findings.first?.actual == "ws://127.0.0.1:8080/api/v1/ws")
    }

    // MARK: Unknown members

    @Test("a client that refuses unknown members fails the probe case of every body and message")
    func strictAboutUnknownMembers() throws {
        let strict = "probeAddedMember"
        var client = ClientUnderTest.kitchenAPI
        client.decodeBody = { body, operation in
            if String(decoding: body, as: UTF8.self).contains(strict) {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown member"))
            }
            return try ClientUnderTest.kitchenAPI.decodeBody(body, operation)
        }
        client.decodeMessage = { text in text.contains(strict) ? .malformed(reason: "unknown member") : StateMessage.decode(text: text) }
        let contracts = try #require(Fixtures.contracts)
        let recording = try #require(Fixtures.recording("fridge-temperatures.har"))
        let results = ClientDecodingCheck(contracts: contracts, client: client).results(for: recording)
        let probes = results.filter { $0.verifyCase.name.hasSuffix(ClientDecodingCheck.probeSuffix) }
        #expect(!probes.isEmpty)
        #expect(probes.allSatisfy { !$0.passed })
        #expect(results.filter { !$0.passed }.count == probes.count)
        #expect(probes.flatMap(\.findings).allSatisfy { $0.actual == "refused: unknown member" })
    }
}
