import HarnessCore
import KitchenAPI
import KitchenContracts
import KitchenRecording

/// Check 4: `MockAPIService` against the contracts, API.md's rules and the recordings.
///
/// - Every default stub's value validates against its operation's success response.
/// - Every `APIServiceProtocol` method reaches a stub of its own, and names the contract
///   operation it calls (``APIMethod``): the call lands there, the operation exists in the
///   OpenAPI document, and no two methods share one (see `MockCheck+Methods.swift`).
/// - The default answers keep every cross-member rule of the API (``APIInvariant/all``),
///   one case per rule.
/// - `MockAPIService(recording:)` answers each recorded call with the recorded response,
///   and that answer keeps the same rules.
///
/// ```swift
/// let check = MockCheck(contracts: contracts)
/// await check.stubResults().filter { !$0.passed }
/// await check.results(for: recording).filter { !$0.passed }
/// ```
public struct MockCheck: Sendable {
    /// The contracts the default stubs must satisfy.
    public let contracts: ContractSet
    /// Makes the mock whose defaults are checked: a fresh `MockAPIService()` unless a test plants another.
    public let makeMock: @Sendable () -> MockAPIService
    /// The protocol's methods: ``ProtocolMethod/all`` unless a test plants others.
    public let methods: [ProtocolMethod]

    /// A check against `contracts` of the mock `makeMock` builds, called through `methods`.
    public init(contracts: ContractSet, makeMock: @escaping @Sendable () -> MockAPIService = { MockAPIService() },
                methods: [ProtocolMethod] = ProtocolMethod.all) {
        self.contracts = contracts
        self.makeMock = makeMock
        self.methods = methods
    }

    /// The name of the case that holds the protocol's methods to their operations.
    public static let mappingCaseName = "every APIServiceProtocol method maps to a contract operation"

    /// One case per operation's default stub, one for stub completeness, one for the
    /// method-to-operation mapping, then one per rule of ``APIInvariant/all``.
    public func stubResults() async -> [CaseResult] {
        var results = Self.restOperations.map { operation in
            CaseResult(VerifyCase(check: .mock, name: "default stub \(operation.rawValue) → \(operation.successStatus)"),
                       findings: defaultStubFindings(operation))
        }
        results.append(CaseResult(VerifyCase(check: .mock, name: "every APIServiceProtocol method has its own stub"),
                                  findings: await completenessFindings()))
        results.append(CaseResult(VerifyCase(check: .mock, name: Self.mappingCaseName), findings: await mappingFindings()))
        let answers = await defaultAnswers()
        return results + APIInvariant.all.map { invariant in
            CaseResult(VerifyCase(check: .mock, name: Self.invariantCaseName(invariant)),
                       findings: invariantFindings(invariant, in: answers))
        }
    }

    /// What is wrong with `operation`'s default stub: no stub, a failure by default, or a value
    /// that does not validate against the operation's success response once encoded.
    public func defaultStubFindings(_ operation: APIOperation) -> [Finding] {
        let location = "default stub \(operation.rawValue)"
        func finding(_ pointer: String, _ expected: String, _ actual: String, rule: String? = nil) -> Finding {
            Finding(check: .mock, location: location + pointer, expected: expected, actual: actual, rule: rule)
        }
        guard let stub = makeMock().stub(for: operation) else {
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
                return response.hasContent ? [] : [finding("", "no body for status \(response.status)", ValueWording.short(body))]
            case (let body?, let schema?):
                return schema.validate(body).map {
                    finding(" " + $0.pointer.location, $0.expected, $0.found, rule: $0.schemaPath)
                }
            }
        } catch {
            return [finding("", "a value the client encodes", "\(error)")]
        }
    }

    /// One case per HTTP exchange of `recording`: a mock built from the whole recording must
    /// answer that exchange's call (made in recorded order) with the recorded outcome, and a
    /// value it answers must keep the API's rules (``APIInvariant/all``).
    public func results(for recording: LoadedRecording) async -> [CaseResult] {
        let mock = MockAPIService(recording: recording.document)
        var results: [CaseResult] = []
        for entry in recording.entries where !entry.entry.isWebSocket {
            let verifyCase = recording.verifyCase(.mock, entry)
            guard let call = APICall(entry.entry, basePath: recording.basePath) else {
                results.append(CaseResult(verifyCase))
                continue
            }
            let recorded = call.recordedOutcome(of: entry.entry)
            let answered = await call.invoke(on: mock)
            var findings: [Finding] = []
            let site = FindingSite(check: .mock, file: recording.name, entry: entry.index)
            if (200..<300).contains(entry.exchange.status), case .failure(let error) = recorded {
                let pointer = if case .decoding(let path, _) = error {
                    "/response/body" + (path.isEmpty ? "" : "/" + path.replacingOccurrences(of: ".", with: "/"))
                } else { "/response/body" }
                findings.append(site.finding(pointer, "a recorded \(entry.exchange.status) answer the mock can return",
                                             "the client cannot decode it: \(error)"))
            } else if answered != recorded {
                findings.append(site.finding("/response", "the mock to answer \(Self.describe(recorded))", Self.describe(answered)))
            }
            if case .success(let value) = answered {
                findings += APIInvariant.all.flatMap { invariant in
                    invariant.check(value, answering: call.operation).map { difference in
                        site.finding(JSONPointer(tokens: ["response", "body"]).appending(difference.pointer),
                                     "\(difference.expected) (\(invariant.rule))", difference.found, rule: invariant.source)
                    }
                }
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
