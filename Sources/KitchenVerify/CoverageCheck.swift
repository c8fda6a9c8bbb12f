import KitchenContracts
import KitchenRecording

/// Check 2: every operation × declared status of the OpenAPI document, and every message of
/// every AsyncAPI channel, is exercised by at least one recording. Counts every file, bug
/// recordings included.
///
/// ```swift
/// let coverage = CoverageCheck(contracts: contracts).measure(recordings)
/// coverage.gaps        // ["POST /auth/login → 413"] when nothing recorded it
/// coverage.summary     // "76 of 77 operation × status, 4 of 4 message types"
/// ```
public struct CoverageCheck: Sendable {
    /// The contracts whose declarations must be exercised.
    public let contracts: ContractSet

    /// A check against `contracts`.
    public init(contracts: ContractSet) {
        self.contracts = contracts
    }

    /// Which declarations `recordings` exercise.
    public func measure(_ recordings: [LoadedRecording]) -> Coverage {
        var seenIn: [String: String] = [:]
        for recording in recordings {
            for entry in recording.entries where entry.entry.error == nil {
                if case .operation(let operation, _)? = contracts.validator.matcher.match(
                    method: entry.exchange.method, target: entry.exchange.target),
                   let response = operation.response(for: entry.exchange.status) {
                    let key = Self.responseKey(operation, response.status)
                    if seenIn[key] == nil { seenIn[key] = "\(recording.name) #\(entry.index)" }
                }
                guard let channel = contracts.channel(at: entry.apiPath) else { continue }
                for message in entry.messages where message.isFromServer {
                    guard let payload = message.payload,
                          let declared = contracts.asyncAPI.validateMessage(payload, onChannel: channel.id).message
                    else { continue }
                    let key = Self.messageKey(channel, declared.key)
                    if seenIn[key] == nil { seenIn[key] = "\(recording.name) #\(entry.index) message \(message.index)" }
                }
            }
        }
        let responses = contracts.openAPI.operations.flatMap { operation in
            operation.responses.map { response in
                let key = Self.responseKey(operation, response.status)
                return Coverage.Requirement(name: key, kind: .response, operationId: operation.operationId,
                                            exercisedBy: seenIn[key])
            }
        }
        let messages = contracts.asyncAPI.channels.flatMap { channel in
            channel.messages.map { message in
                let key = Self.messageKey(channel, message.key)
                return Coverage.Requirement(name: key, kind: .message, operationId: nil, exercisedBy: seenIn[key])
            }
        }
        return Coverage(requirements: responses + messages, recordingCount: recordings.count)
    }

    /// One case per requirement; a gap is a finding that names the scenario to extend.
    public func results(for recordings: [LoadedRecording]) -> [CaseResult] {
        let coverage = measure(recordings)
        return coverage.requirements.map { requirement in
            let verifyCase = VerifyCase(check: .coverage, name: requirement.name)
            guard requirement.exercisedBy == nil else { return CaseResult(verifyCase) }
            return CaseResult(verifyCase, findings: [Finding(
                check: .coverage, location: requirement.name,
                expected: "a recording that exercises it (\(requirement.hint))",
                actual: "none of \(coverage.recordingCount) recording(s)")])
        }
    }

    static func responseKey(_ operation: OpenAPIOperation, _ status: String) -> String {
        "\(operation.signature) → \(status)"
    }

    static func messageKey(_ channel: AsyncAPIChannel, _ message: String) -> String {
        "\(channel.address ?? channel.id) message \(message)"
    }
}

/// What a set of recordings exercises of the contracts.
public struct Coverage: Sendable, Hashable, Codable {
    /// One declaration that must be exercised.
    public struct Requirement: Sendable, Hashable, Codable {
        /// Which kind of declaration.
        public enum Kind: String, Sendable, Hashable, Codable {
            /// An operation's declared response status.
            case response
            /// A message of a channel.
            case message
        }

        /// `POST /auth/login → 413` or `/ws message ovenState`.
        public var name: String
        /// Which kind.
        public var kind: Kind
        /// The operation, for a response.
        public var operationId: String?
        /// The first `file #entry` that exercises it; `nil` for a gap.
        public var exercisedBy: String?

        /// Where to add the missing case: the scenario that already provokes this kind of answer.
        public var hint: String {
            guard kind == .response, let status = name.split(separator: " ").last else {
                return "a scenario that opens the live updates and changes that device (Sources/KitchenScenarios)"
            }
            switch status {
            case "401": return "scenario expired-token or error-statuses, Sources/KitchenScenarios/Scenarios+Errors.swift"
            case let code where code.hasPrefix("4") || code.hasPrefix("5"):
                return "scenario error-statuses, Sources/KitchenScenarios/Scenarios+Errors.swift"
            default: return "a scenario in Sources/KitchenScenarios that calls \(operationId ?? "it")"
            }
        }
    }

    /// Every requirement, operations first (document order), then messages.
    public var requirements: [Requirement]
    /// How many recordings were counted.
    public var recordingCount: Int

    /// The requirements nothing exercised.
    public var gaps: [String] { requirements.filter { $0.exercisedBy == nil }.map(\.name) }

    /// Whether everything is exercised.
    public var isFull: Bool { gaps.isEmpty }

    /// `77 of 77 operation × status, 4 of 4 message types`.
    public var summary: String {
        let responses = requirements.filter { $0.kind == .response }
        let messages = requirements.filter { $0.kind == .message }
        return "\(responses.filter { $0.exercisedBy != nil }.count) of \(responses.count) operation × status, "
            + "\(messages.filter { $0.exercisedBy != nil }.count) of \(messages.count) message types"
    }
}
