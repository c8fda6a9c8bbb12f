import HarnessCore
import KitchenAPI
import KitchenContracts

/// Check 4: `MockAPIService` against the contracts and the recordings. Every default stub's
/// value validates against its operation's success response; every `APIServiceProtocol`
/// method reaches its own stub and every contract operation has one; and
/// `MockAPIService(recording:)` answers each recorded call with the recorded response.
///
/// ```swift
/// let check = MockCheck(contracts: contracts)
/// check.stubResults().filter { !$0.passed }
/// await check.results(for: recording).filter { !$0.passed }
/// ```
public struct MockCheck: Sendable {
    /// The contracts the default stubs must satisfy.
    public let contracts: ContractSet

    /// A check against `contracts`.
    public init(contracts: ContractSet) {
        self.contracts = contracts
    }

    /// One case per operation's default stub, then one for stub completeness.
    public func stubResults() async -> [CaseResult] {
        var results = APIOperation.allCases.filter { $0 != .openLiveUpdates }.map { operation in
            CaseResult(VerifyCase(check: .mock, name: "default stub \(operation.rawValue) → \(operation.successStatus)"),
                       findings: defaultStubFindings(operation))
        }
        results.append(CaseResult(VerifyCase(check: .mock, name: "every APIServiceProtocol method has its own stub"),
                                  findings: await completenessFindings()))
        return results
    }

    /// What is wrong with `operation`'s default stub: no stub, a failure by default, or a value
    /// that does not validate against the operation's success response once encoded.
    public func defaultStubFindings(_ operation: APIOperation) -> [Finding] {
        let location = "default stub \(operation.rawValue)"
        func finding(_ pointer: String, _ expected: String, _ actual: String, rule: String? = nil) -> Finding {
            Finding(check: .mock, location: location + pointer, expected: expected, actual: actual, rule: rule)
        }
        guard let stub = MockAPIService().stub(for: operation) else {
            return [finding("", "a stub", "none")]
        }
        guard let contractOperation = contracts.openAPI.operation(id: operation.rawValue) else {
            return [finding("", "operation \(operation.rawValue) in \(contracts.openAPI.file)", "absent")]
        }
        guard let response = contractOperation.response(for: operation.successStatus) else {
            return [finding("", "a declared \(operation.successStatus) response", "none")]
        }
        let value: ClientValue
        switch stub.stubbedResult {
        case .failure(let error): return [finding("", "a default success", "throws \(error)")]
        case .success(let result):
            guard let known = ClientValue(result) else { return [finding("", "a value of the client's models", "\(type(of: result))")] }
            value = known
        }
        do {
            switch (try value.encoded(), response.schema) {
            case (nil, nil): return []
            case (nil, _?): return [finding("", "a body for status \(response.status)", "no value")]
            case (let body?, nil):
                return response.hasContent ? [] : [finding("", "no body for status \(response.status)", ValueWordingLite.short(body))]
            case (let body?, let schema?):
                return schema.validate(body).map {
                    finding(" " + ($0.pointer.tokens.isEmpty ? "(root)" : $0.pointer.description), $0.expected, $0.found,
                            rule: $0.schemaPath)
                }
            }
        } catch {
            return [finding("", "a value the client encodes", "\(error)")]
        }
    }

    /// Calls every `APIServiceProtocol` method once on a fresh mock: each must be logged under
    /// its own operation and land on its own stub; every contract operation must have a stub.
    public func completenessFindings() async -> [Finding] {
        var found: [Finding] = []
        let mock = MockAPIService()
        let api: any APIServiceProtocol = mock
        _ = try? await api.login(username: "u", password: "p")
        try? await api.logout()
        _ = try? await api.fetchDevices()
        _ = try? await api.getOvenState(deviceId: "d", compartment: nil)
        _ = try? await api.setOvenPower(deviceId: "d", compartment: nil, isOn: true)
        _ = try? await api.setOvenTemperature(deviceId: "d", compartment: nil, temperature: 350)
        _ = try? await api.setOvenMode(deviceId: "d", compartment: nil, mode: "bake")
        _ = try? await api.getFridgeState(deviceId: "d")
        _ = try? await api.setFridgeTemperature(deviceId: "d", temperature: 37)
        _ = try? await api.setFreezerTemperature(deviceId: "d", temperature: 0)
        _ = try? await api.getDishwasherState(deviceId: "d")
        _ = try? await api.startDishwasher(deviceId: "d", cycle: "eco")
        _ = try? await api.stopDishwasher(deviceId: "d")
        _ = try? await api.getIceMakerState(deviceId: "d")
        _ = try? await api.setIceMakerPower(deviceId: "d", isOn: true)
        _ = try? await api.setIceMakerRate(deviceId: "d", rate: "low")
        let restOperations = APIOperation.allCases.filter { $0 != .openLiveUpdates }
        if mock.operationLog != restOperations {
            found.append(Finding(check: .mock, location: "MockAPIService.operationLog",
                                 expected: restOperations.map(\.rawValue).joined(separator: ", "),
                                 actual: mock.operationLog.map(\.rawValue).joined(separator: ", ")))
        }
        for operation in restOperations {
            guard let stub = mock.stub(for: operation) else {
                found.append(Finding(check: .mock, location: "stub(for: .\(operation.rawValue))", expected: "a stub", actual: "nil"))
                continue
            }
            if stub.operation != operation || stub.recordedCalls.count != 1 {
                found.append(Finding(check: .mock, location: "stub(for: .\(operation.rawValue))",
                                     expected: "the stub of \(operation.rawValue), called once",
                                     actual: "the stub of \(stub.operation.rawValue), called \(stub.recordedCalls.count) time(s)"))
            }
        }
        for operation in contracts.openAPI.operations where APIOperation(rawValue: operation.operationId) == nil {
            found.append(Finding(check: .mock, location: operation.signature,
                                 expected: "an APIOperation (and a stub) for \(operation.operationId)", actual: "none"))
        }
        for operation in APIOperation.allCases where contracts.openAPI.operation(id: operation.rawValue) == nil {
            found.append(Finding(check: .mock, location: "APIOperation.\(operation.rawValue)",
                                 expected: "an operation \(operation.rawValue) in \(contracts.openAPI.file)", actual: "none"))
        }
        return found
    }

    /// One case per HTTP exchange of `recording`: a mock built from the whole recording must
    /// answer that exchange's call (made in recorded order) with the recorded outcome.
    public func results(for recording: LoadedRecording) async -> [CaseResult] {
        let mock = MockAPIService(recording: recording.document)
        var results: [CaseResult] = []
        for entry in recording.entries where !entry.entry.isWebSocket {
            let verifyCase = VerifyCase.exchange(.mock, file: recording.name, entry: entry.index, label: entry.label)
            guard let call = RecordedCall(entry.entry) else {
                results.append(CaseResult(verifyCase))
                continue
            }
            let recorded = RecordedCall.recordedOutcome(of: entry.entry, for: call.operation)
            let answered = await call.invoke(on: mock)
            var findings: [Finding] = []
            func finding(_ location: String, _ expected: String, _ actual: String) {
                findings.append(Finding(check: .mock, file: recording.name, entry: entry.index, location: location,
                                        expected: expected, actual: actual))
            }
            if (200..<300).contains(entry.exchange.status), case .failure(let error) = recorded {
                let pointer = if case .decoding(let path, _) = error {
                    "/response/body" + (path.isEmpty ? "" : "/" + path.replacingOccurrences(of: ".", with: "/"))
                } else { "/response/body" }
                finding(pointer, "a recorded \(entry.exchange.status) answer the mock can return",
                        "the client cannot decode it: \(error)")
            } else if answered != recorded {
                finding("/response", "the mock to answer \(Self.describe(recorded))", Self.describe(answered))
            }
            results.append(CaseResult(verifyCase, findings: findings))
        }
        return results
    }

    private static func describe(_ outcome: Result<ClientValue, AppError>) -> String {
        switch outcome {
        case .success(let value): "\(value)"
        case .failure(let error): "AppError.\(error)"
        }
    }
}

/// Short wording of a JSON value for messages.
enum ValueWordingLite {
    static func short(_ value: JSONValue) -> String {
        let text = value.description
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}
