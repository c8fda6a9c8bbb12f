import Foundation
import HarnessCore
import KitchenAPI
import KitchenVerify
import Testing
import KitchenTestSupport

/// Mock drift bugs the gate once missed, planted from here — a mock whose defaults break one
/// of the API's rules, a protocol method with no contract operation behind it — and handed
/// to check 4 through `MockCheck`'s `makeMock` and `methods`. Each must fail its case.
@Suite("Mutations: mock drift bugs fail check 4")
struct MockMutationTests {
    static let instant = Date(timeIntervalSince1970: 1_768_464_000)

    /// A rule and a default that breaks it.
    struct BrokenRule: Sendable, CustomTestStringConvertible {
        let rule: String
        /// Puts the breaking default on the mock.
        let plant: @Sendable (MockAPIService) -> Void
        /// The finding's location.
        let location: String
        var testDescription: String { rule }
    }

    static func dishwasher(_ status: DishwasherStatus, _ cycle: String?, _ minutes: Int) -> DishwasherState {
        DishwasherState(status: status, cycle: cycle, remainingMinutes: minutes, lastUpdated: instant)
    }

    static func devices(_ edit: (inout [DeviceInfo]) -> Void) -> [DeviceInfo] {
        var devices = DeviceInfo.defaultDevices
        edit(&devices)
        return devices
    }

    /// One planted default per rule of `APIInvariant.all`.
    static let brokenRules: [BrokenRule] = [
        BrokenRule(rule: "a kitchen is one double oven, one single oven, one fridge, one dishwasher and one ice maker", plant: {
            $0.fetchDevicesStub.result = .success(devices { $0.removeAll { $0.type == .fridge } })
        }, location: "default fetchDevices() (root)"),
        BrokenRule(rule: "device ids are unique", plant: {
            $0.fetchDevicesStub.result = .success(devices { $0[4].id = $0[3].id })
        }, location: "default fetchDevices() /4/id"),
        BrokenRule(rule: "only a double oven has compartments, keyed upper and lower", plant: {
            $0.fetchDevicesStub.result = .success(devices { $0[2].compartments = [Compartment(key: "upper", label: "Top")] })
        }, location: "default fetchDevices() /2/compartments"),
        BrokenRule(rule: "a fridge's doorOpenedAt is set exactly while its door is open", plant: {
            var fridge = FridgeState.defaultFridgeState
            fridge.isDoorOpen = true
            $0.getFridgeStateStub.result = .success(fridge)
        }, location: "default getFridgeState(deviceId:) /doorOpenedAt"),
        BrokenRule(rule: "an idle dishwasher has no cycle and 0 minutes left", plant: {
            $0.getDishwasherStateStub.result = .success(dishwasher(.idle, "eco", 0))
        }, location: "default getDishwasherState(deviceId:) /cycle"),
        BrokenRule(rule: "a running dishwasher runs a cycle of API.md's table, with 1 to its length in minutes left", plant: {
            $0.getDishwasherStateStub.result = .success(dishwasher(.running, "eco", 0))
        }, location: "default getDishwasherState(deviceId:) /remainingMinutes"),
        BrokenRule(rule: "a complete dishwasher keeps its cycle, with 0 minutes left", plant: {
            $0.getDishwasherStateStub.result = .success(dishwasher(.complete, nil, 0))
        }, location: "default getDishwasherState(deviceId:) /cycle"),
        // The mock's own default until the gate learned this rule.
        BrokenRule(rule: "starting a dishwasher answers it running, with its cycle's full length left", plant: {
            $0.startDishwasherStub.result = .success(.defaultDishwasherState)
        }, location: "default startDishwasher(deviceId:cycle:) /status"),
        BrokenRule(rule: "stopping a dishwasher answers it idle", plant: {
            $0.stopDishwasherStub.result = .success(dishwasher(.complete, "eco", 0))
        }, location: "default stopDishwasher(deviceId:) /status"),
        BrokenRule(rule: "an ice maker's bin is full exactly at level 100", plant: {
            $0.getIceMakerStateStub.result = .success(IceMakerState(
                isOn: true, productionRate: "high", binLevel: 100, isBinFull: false, lastUpdated: instant))
        }, location: "default getIceMakerState(deviceId:) /isBinFull"),
    ]

    @Test("every rule of the invariant table has a planted default here")
    func everyRuleIsPlanted() {
        #expect(Self.brokenRules.map(\.rule) == APIInvariant.all.map(\.rule))
    }

    @Test("a mock default that breaks an API rule fails that rule's case, and only that one", arguments: brokenRules)
    func brokenDefaultFails(_ broken: BrokenRule) async throws {
        let contracts = try #require(Fixtures.contracts)
        let check = MockCheck(contracts: contracts, makeMock: {
            let mock = MockAPIService()
            broken.plant(mock)
            return mock
        })
        let failing = await check.stubResults().filter { !$0.passed }
        let name = "mock defaults keep the API's rule: \(broken.rule)"
        #expect(failing.map(\.verifyCase.name) == [name], "\(lines(failing.flatMap(\.findings)))")
        let finding = try #require(failing.first?.findings.first)
        #expect(finding.location == broken.location)
        #expect(finding.rule?.isEmpty == false)
    }

    @Test("a full bin not flagged full passes the schema but fails the rule, naming level and flag")
    func binFullNotFlagged() async throws {
        let contracts = try #require(Fixtures.contracts)
        let check = MockCheck(contracts: contracts, makeMock: {
            let mock = MockAPIService()
            mock.getIceMakerStateStub.result = .success(IceMakerState(
                isOn: true, productionRate: "high", binLevel: 100, isBinFull: false, lastUpdated: Self.instant))
            return mock
        })
        #expect(check.defaultStubFindings(.getIceMakerState) == [], "the schema alone cannot see it")
        let invariant = try #require(APIInvariant.all.first { $0.rule.contains("bin is full") })
        let findings = await check.invariantFindings(invariant)
        #expect(findings.map(\.location) == ["default getIceMakerState(deviceId:) /isBinFull"])
        #expect(findings.first?.expected == "true at binLevel 100")
        #expect(findings.first?.actual == "false")
        #expect(findings.first?.rule?.contains("`isBinFull` is `binLevel == 100`") == true)
    }

    @Test("a recorded answer that breaks an API rule fails the mock's case for that exchange")
    func recordedAnswerBreaksRule() async throws {
        let contracts = try #require(Fixtures.contracts)
        var document = try #require(Fixtures.recording("ice-maker-fills-bin.har")).document
        let index = try document.entryIndex("GET", pathSuffix: "/icemaker", status: 200)
        try document.editResponseBody(ofEntry: index) { editing(editing($0, at: "/binLevel", to: 100), at: "/isBinFull", to: false) }
        let recording = LoadedRecording(document: document, name: "ice-maker-fills-bin.har")
        let results = await MockCheck(contracts: contracts).results(for: recording)
        let failing = results.filter { !$0.passed }
        #expect(failing.map(\.verifyCase.entry) == [index])
        #expect(failing.first?.findings.map(\.location) == ["/response/body/isBinFull"])
    }

    // MARK: A protocol method with no contract operation behind it

    @Test("a protocol method that declares no operation fails the mapping case, naming where its call lands")
    func methodWithoutOperation() async throws {
        let contracts = try #require(Fixtures.contracts)
        // As if `preheatOven(deviceId:temperature:)` were added to the protocol, built on the temperature route.
        let preheat = ProtocolMethod(name: "preheatOven(deviceId:temperature:)", operation: nil) { api in
            do {
                return .success(.oven(try await api.setOvenTemperature(deviceId: "oven-1", temperature: 400)))
            } catch {
                return .failure(AppError.from(error) ?? .transport(description: "\(error)"))
            }
        }
        let check = MockCheck(contracts: contracts, methods: ProtocolMethod.all + [preheat])
        let failing = await check.stubResults().filter { !$0.passed }
        #expect(Set(failing.map(\.verifyCase.name)) == [MockCheck.mappingCaseName, "every APIServiceProtocol method has its own stub"])
        let mapping = try #require(failing.first { $0.verifyCase.name == MockCheck.mappingCaseName })
        #expect(mapping.findings.map(\.location) == ["APIServiceProtocol.preheatOven(deviceId:temperature:)"])
        #expect(mapping.findings.first?.expected == "a contract operation declared for the method (APIMethod)")
        #expect(mapping.findings.first?.actual == "none declared; a call runs setOvenTemperature")
    }

    @Test("a protocol method whose operation the contract lacks fails the mapping case")
    func operationMissingFromContract() async throws {
        let folder = try TemporaryFolder("mapping")
        defer { folder.remove() }
        let contractsFolder = try folder.copyContracts()
        try mutateJSONFile(contractsFolder.appendingPathComponent("kitchen.openapi.json")) {
            editing($0, at: "/paths/~1devices~1{deviceId}~1icemaker~1rate", to: nil)
        }
        let findings = await MockCheck(contracts: try ContractSet(folder: contractsFolder)).mappingFindings()
        #expect(findings.map(\.location) == ["APIServiceProtocol.setIceMakerRate(deviceId:rate:)"])
        #expect(findings.first?.expected == "operation setIceMakerRate in kitchen.openapi.json")
        #expect(findings.first?.actual == "absent")
    }

    @Test("a protocol method that calls another operation than the one it declares fails the mapping case")
    func methodLandsElsewhere() async throws {
        let contracts = try #require(Fixtures.contracts)
        let methods = ProtocolMethod.all.map { method in
            guard method.operation == .getFridgeState else { return method }
            var wrong = method
            wrong.call = { api in await APICall.sample(.getDishwasherState).invoke(on: api) }
            return wrong
        }
        let findings = await MockCheck(contracts: contracts, methods: methods).mappingFindings()
        #expect(findings.map(\.location) == ["APIServiceProtocol.getFridgeState(deviceId:)"])
        #expect(findings.first?.expected == "a call runs getFridgeState, once")
        #expect(findings.first?.actual == "a call runs getDishwasherState")
    }

    @Test("two methods declaring one operation, leaving another without a method, fail the mapping case")
    func sharedOperation() async throws {
        let contracts = try #require(Fixtures.contracts)
        let methods = ProtocolMethod.all.map { method in
            guard method.operation == .setFreezerTemperature else { return method }
            var shared = method
            shared.operation = .setFridgeTemperature
            return shared
        }
        let findings = await MockCheck(contracts: contracts, methods: methods).mappingFindings()
        #expect(findings.map(\.location) == [
            "APIServiceProtocol.setFreezerTemperature(deviceId:temperature:)",
            "APIServiceProtocol.setFreezerTemperature(deviceId:temperature:)",
            "POST /devices/{deviceId}/fridge/freezer/temperature (setFreezerTemperature)",
        ])
        #expect(findings.map(\.actual) == [
            "setFridgeTemperature, which setFridgeTemperature(deviceId:temperature:) maps to as well",
            "a call runs setFreezerTemperature", "none",
        ])
    }
}
