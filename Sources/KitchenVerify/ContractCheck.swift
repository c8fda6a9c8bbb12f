import HarnessCore
import KitchenContracts
import KitchenRecording

/// Check 1: recordings against the contracts. Each exchange's request (parameters and body),
/// status (it must be declared) and response body against the OpenAPI document; each
/// WebSocket message against the AsyncAPI channel at the entry's path.
///
/// ```swift
/// let check = ContractCheck(contracts: contracts)
/// for result in check.results(for: recording) where !result.passed { print(result.findings) }
/// ```
public struct ContractCheck: Sendable {
    /// The contracts checked against.
    public let contracts: ContractSet

    /// A check against `contracts`.
    public init(contracts: ContractSet) {
        self.contracts = contracts
    }

    /// One case per exchange and per WebSocket message of `recording`.
    public func results(for recording: LoadedRecording) -> [CaseResult] {
        recording.entries.flatMap { entry in
            [CaseResult(recording.verifyCase(.contract, entry), findings: findings(for: entry, in: recording.name))]
                + entry.messages.map { message in
                    CaseResult(recording.verifyCase(.contract, entry, message),
                               findings: findings(for: message, of: entry, in: recording.name))
                }
        }
    }

    /// What is wrong with one exchange: an upstream failure instead of a response, a body
    /// that is not JSON, or any contract violation.
    public func findings(for entry: RecordedEntry, in file: String) -> [Finding] {
        let site = FindingSite(check: .contract, file: file, entry: entry.index)
        if let error = entry.entry.error {
            return [site.finding("/response", "a response", "none: \(error.kind.rawValue) (\(error.message))")]
        }
        return entry.unreadable.map { site.finding($0.pointer, "a JSON body", "unreadable: \($0.reason)") }
            + contracts.validator.validate(entry.exchange).violations.map {
                site.finding($0.pointer.description, $0.expected, $0.found, rule: $0.schemaPath)
            }
    }

    /// What is wrong with one WebSocket message: a server message must be a text frame holding
    /// a JSON message of the channel; a client message must be one the contract accepts.
    public func findings(for message: RecordedMessage, of entry: RecordedEntry, in file: String) -> [Finding] {
        let site = FindingSite(check: .contract, file: file, entry: entry.index, message: message.index)
        let path = entry.apiPath
        guard let channel = contracts.channel(at: path) else {
            return [site.finding("(channel)", "a channel declared for \(path)", "none in \(contracts.asyncAPI.file)")]
        }
        if !message.isFromServer, !contracts.acceptsClientMessages(on: channel) {
            return [site.finding("(direction)", "no client-to-server messages (\(channel.id) declares none)",
                            "a message sent by the client")]
        }
        guard message.text != nil else { return [site.finding("(frame)", "a text frame", "a binary frame")] }
        guard let payload = message.payload else {
            return [site.finding("(root)", "a JSON payload", "not JSON: \(message.parseError ?? "")")]
        }
        return contracts.asyncAPI.validateMessage(payload, onChannel: channel.id).violations.map {
            site.finding($0.pointer, $0.expected, $0.found, rule: $0.schemaPath)
        }
    }
}
