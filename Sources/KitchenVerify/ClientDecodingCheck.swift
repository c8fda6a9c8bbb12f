import Foundation
import HarnessCore
import KitchenAPI
import KitchenContracts
import KitchenRecording

/// Check 3, first half: the real client reads what was recorded, and reads it right.
///
/// - Every 2xx body decodes with the client's decoder for its operation, and the decoded
///   value, re-encoded, equals the recorded body **by meaning**, every member (see
///   ``JSONMeaning``: key order and number spelling aside; members the contract does not
///   declare may be dropped). Every server message likewise. A decoder that reads one field
///   from another's key fails here.
/// - Every error answer maps to the `AppError` its status promises.
/// - The probes (see ``ClientProbes``): each 2xx body and server message with an unknown
///   member must still be read; with a new device type must still be read; with any required
///   member removed must be refused. One case per exchange or message, after its own.
/// - The live-updates URL (see ``LiveUpdatesURLCheck``), one case per recorded upgrade.
///
/// ```swift
/// let check = ClientDecodingCheck(contracts: contracts)
/// check.findings(for: entry, in: "oven-controls.har")   // [] when the client copes
/// ```
public struct ClientDecodingCheck: Sendable {
    /// The contracts whose schemas say which members are required and which are declared.
    public let contracts: ContractSet
    /// The client whose reading is checked: the real one unless a test plants another.
    public let client: ClientUnderTest

    /// A check of `client` (the real one by default) against `contracts`.
    public init(contracts: ContractSet, client: ClientUnderTest = .kitchenAPI) {
        self.contracts = contracts
        self.client = client
    }

    /// The wording that closes a probe case's name.
    public static let probeSuffix = "· tolerant of additions, strict on omissions"

    /// One case per exchange and per server message of `recording`, each followed by its probe
    /// case when it has a body the client reads, and one live-updates URL case per upgrade.
    public func results(for recording: LoadedRecording) -> [CaseResult] {
        var results: [CaseResult] = []
        for entry in recording.entries {
            results.append(CaseResult(recording.verifyCase(.client, entry), findings: findings(for: entry, in: recording.name)))
            if reading(for: entry) != nil {
                results.append(CaseResult(recording.verifyCase(.client, entry, label: "\(entry.label) \(Self.probeSuffix)"),
                                          findings: probeFindings(for: entry, in: recording.name)))
            }
            if entry.route?.operation == .openLiveUpdates {
                results.append(CaseResult(recording.verifyCase(.client, entry, label: LiveUpdatesURLCheck.label),
                                          findings: LiveUpdatesURLCheck.findings(for: entry, in: recording.name, client: client)))
            }
            for message in entry.messages where message.isFromServer {
                results.append(CaseResult(recording.verifyCase(.client, entry, message),
                                          findings: findings(for: message, of: entry, in: recording.name)))
                if message.text != nil, message.payload != nil {
                    var probe = recording.verifyCase(.client, entry, message)
                    probe.name += " \(Self.probeSuffix)"
                    results.append(CaseResult(probe, findings: probeFindings(for: message, of: entry, in: recording.name)))
                }
            }
        }
        return results
    }

    /// What the client gets wrong about one exchange: a body it cannot decode, a decoded value
    /// whose re-encoding means something else, an error answer mapped to the wrong `AppError`.
    public func findings(for entry: RecordedEntry, in file: String) -> [Finding] {
        let site = FindingSite(check: .client, file: file, entry: entry.index)
        guard let route = entry.route, !entry.entry.isWebSocket, entry.entry.error == nil else { return [] }
        let status = entry.exchange.status
        let body = Data((try? entry.entry.response.bodyBytes) ?? [])
        let bodyPointer = JSONPointer(tokens: ["response", "body"])
        guard (200..<300).contains(status) else {
            let error = AppError.from(status: status, body: body)
            guard let expected = Self.expectedError(status: status, body: entry.exchange.responseBody), expected != error else {
                return []
            }
            return [site.finding(JSONPointer(tokens: ["response"]), "AppError.\(expected) for status \(status)", "AppError.\(error)")]
        }
        let reading = bodyReading(route.operation, status: status)
        switch reading.read(body) {
        case .refused(let pointer, let reason):
            return [site.finding(bodyPointer.appending(pointer), "a body the client decodes for \(route.operation.rawValue)", reason)]
        case .unencodable(let reason):
            return [site.finding(bodyPointer, "a value the client can re-encode", reason)]
        case .setAside, .value(nil):
            return []
        case .value(let reencoded?):
            guard let recorded = entry.exchange.responseBody else { return [] }
            return site.findings(JSONMeaning.differences(recorded: recorded, reencoded: reencoded,
                                                         members: ContractMembers(recorded, validate: reading.validate)),
                                 under: bodyPointer)
        }
    }

    /// What the client gets wrong about one server message: a message it cannot read, a
    /// message type it does not know, or a decoded message whose re-encoding means something else.
    public func findings(for message: RecordedMessage, of entry: RecordedEntry, in file: String) -> [Finding] {
        let site = FindingSite(check: .client, file: file, entry: entry.index, message: message.index)
        guard let text = message.text else { return [] }
        let reading = messageReading(entry)
        switch reading.read(Data(text.utf8)) {
        case .refused(let pointer, let reason):
            return [site.finding(pointer, "a state message the client decodes", reason)]
        case .setAside(let what):
            return [site.finding(JSONPointer(tokens: ["type"]), "a message type the client knows", what)]
        case .unencodable(let reason):
            return [site.finding(.root, "a message the client can re-encode", reason)]
        case .value(nil):
            return []
        case .value(let reencoded?):
            guard let recorded = message.payload else { return [] }
            return site.findings(JSONMeaning.differences(recorded: recorded, reencoded: reencoded,
                                                         members: ContractMembers(recorded, validate: reading.validate)))
        }
    }

    /// The probes of one exchange's 2xx body (see ``ClientProbes``); `[]` when it has none.
    public func probeFindings(for entry: RecordedEntry, in file: String) -> [Finding] {
        guard let reading = reading(for: entry), let recorded = entry.exchange.responseBody else { return [] }
        return FindingSite(check: .client, file: file, entry: entry.index)
            .findings(ClientProbes.findings(recorded: recorded, reading: reading), under: JSONPointer(tokens: ["response", "body"]))
    }

    /// The probes of one server message (see ``ClientProbes``).
    public func probeFindings(for message: RecordedMessage, of entry: RecordedEntry, in file: String) -> [Finding] {
        guard let recorded = message.payload else { return [] }
        return FindingSite(check: .client, file: file, entry: entry.index, message: message.index)
            .findings(ClientProbes.findings(recorded: recorded, reading: messageReading(entry)))
    }

    /// How the client reads `entry`'s body: only for a 2xx REST answer with a JSON body.
    private func reading(for entry: RecordedEntry) -> ClientReading? {
        guard let route = entry.route, !entry.entry.isWebSocket, entry.entry.error == nil,
              (200..<300).contains(entry.exchange.status), entry.exchange.responseBody != nil else { return nil }
        return bodyReading(route.operation, status: entry.exchange.status)
    }

    private func bodyReading(_ operation: APIOperation, status: Int) -> ClientReading {
        let schema = contracts.openAPI.operation(id: operation.rawValue)?.response(for: status)?.schema
        return .body(of: operation, status: status, schema: schema, client: client)
    }

    private func messageReading(_ entry: RecordedEntry) -> ClientReading {
        let channel = contracts.channel(at: entry.apiPath)?.id ?? entry.apiPath
        return .message(onChannel: channel, contracts: contracts, client: client)
    }

    /// The `AppError` a status promises (refined by the body's `error` code and `message`);
    /// `nil` for statuses the client maps to `server(status:)` anyway.
    static func expectedError(status: Int, body: JSONValue?) -> AppError? {
        let message = body?["message"]?.stringValue ?? ""
        switch status {
        case 400: return body?["error"]?.stringValue == "invalid_value" ? .invalidValue(message: message) : .badRequest(message: message)
        case 401: return .unauthorized
        case 404: return .notFound
        case 409: return .conflict
        case 413: return .payloadTooLarge
        default: return nil
        }
    }
}
