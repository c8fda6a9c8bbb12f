import Foundation
import HarnessCore
import KitchenAPI
import KitchenContracts

/// Check 3, first half: the real client reads what was recorded. Every 2xx body decodes with
/// the client's own decoder for its operation, and re-encoding the decoded value still
/// satisfies the response schema (so no member the contract marks required is lost); every
/// error answer maps to the `AppError` its status promises; every server message decodes with
/// `StateMessage.decode(text:)` and re-encodes to a valid message.
///
/// ```swift
/// let check = ClientDecodingCheck(contracts: contracts)
/// check.findings(for: entry, in: "oven-controls.har")   // [] when the client copes
/// ```
public struct ClientDecodingCheck: Sendable {
    /// The contracts whose response schemas the re-encoded values must satisfy.
    public let contracts: ContractSet

    /// A check against `contracts`.
    public init(contracts: ContractSet) {
        self.contracts = contracts
    }

    /// One case per exchange and per server message of `recording`.
    public func results(for recording: LoadedRecording) -> [CaseResult] {
        var results: [CaseResult] = []
        for entry in recording.entries {
            results.append(CaseResult(
                .exchange(.client, file: recording.name, entry: entry.index, label: entry.label),
                findings: findings(for: entry, in: recording.name)))
            for message in entry.messages where message.isFromServer {
                results.append(CaseResult(
                    .message(.client, file: recording.name, entry: entry.index, index: message.index, label: message.label),
                    findings: findings(for: message, of: entry, in: recording.name)))
            }
        }
        return results
    }

    /// What the client gets wrong about one exchange.
    public func findings(for entry: RecordedEntry, in file: String) -> [Finding] {
        func finding(_ location: JSONPointer, _ expected: String, _ actual: String, rule: String? = nil) -> Finding {
            Finding(check: .client, file: file, entry: entry.index, location: location.description,
                    expected: expected, actual: actual, rule: rule)
        }
        guard let route = entry.route, !entry.entry.isWebSocket, entry.entry.error == nil else { return [] }
        let status = entry.exchange.status
        let body = Data((try? entry.entry.response.bodyBytes) ?? [])
        let bodyPointer = JSONPointer(tokens: ["response", "body"])
        guard (200..<300).contains(status) else {
            let error = AppError.from(status: status, body: body)
            guard let expected = Self.expectedError(status: status, body: entry.exchange.responseBody), expected != error else {
                return []
            }
            return [finding(JSONPointer(tokens: ["response"]), "AppError.\(expected) for status \(status)", "AppError.\(error)")]
        }
        let value: ClientValue
        do {
            value = try ClientValue.decode(body, for: route.operation)
        } catch {
            return [finding(DecodingFailure.pointer(of: error, under: bodyPointer),
                            "a body the client decodes for \(route.operation.rawValue)", DecodingFailure.reason(of: error))]
        }
        let schema = contracts.openAPI.operation(id: route.operation.rawValue)?.response(for: status)?.schema
        return reencodingFindings(value, schema: schema).map {
            finding($0.pointer.tokens.isEmpty ? bodyPointer : JSONPointer(tokens: bodyPointer.tokens + $0.pointer.tokens),
                    $0.expected, $0.found, rule: $0.schemaPath)
        }
    }

    /// What the client gets wrong about one server message.
    public func findings(for message: RecordedMessage, of entry: RecordedEntry, in file: String) -> [Finding] {
        func finding(_ location: String, _ expected: String, _ actual: String, rule: String? = nil) -> Finding {
            Finding(check: .client, file: file, entry: entry.index, message: message.index, location: location,
                    expected: expected, actual: actual, rule: rule)
        }
        guard let text = message.text else { return [] }
        switch StateMessage.decode(text: text) {
        case .malformed(let reason):
            // The decoder's own error carries the coding path, which becomes the pointer.
            var location = "(root)"
            do { _ = try KitchenJSON.makeDecoder().decode(IncomingMessage.self, from: Data(text.utf8)) } catch {
                let pointer = DecodingFailure.pointer(of: error, under: .root)
                if !pointer.tokens.isEmpty { location = pointer.description }
            }
            return [finding(location, "a state message the client decodes", reason)]
        case .unknown(let type, let deviceType):
            return [finding("/type", "a message type the client knows",
                            "type \"\(type)\"" + (deviceType.map { ", deviceType \"\($0)\"" } ?? ""))]
        case .state(let decoded):
            let encoded: JSONValue
            do {
                encoded = try JSONValue(parsing: Array(try KitchenJSON.makeEncoder().encode(decoded)))
            } catch {
                return [finding("(root)", "a message the client can re-encode", "\(error)")]
            }
            let channel = contracts.channel(at: entry.apiPath)?.id ?? entry.apiPath
            return contracts.asyncAPI.validateMessage(encoded, onChannel: channel).violations.map {
                finding($0.pointer.tokens.isEmpty ? "(root)" : $0.pointer.description,
                        Self.reencodingExpectation($0), Self.reencodingFound($0), rule: $0.schemaPath)
            }
        }
    }

    /// Violations of `schema` by the re-encoded `value`, worded as what re-encoding lost.
    func reencodingFindings(_ value: ClientValue, schema: JSONSchema?) -> [SchemaViolation] {
        guard let schema else { return [] }
        do {
            guard let encoded = try value.encoded() else { return [] }
            return schema.validate(encoded).map { violation in
                var reworded = violation
                reworded.expected = Self.reencodingExpectation(violation)
                reworded.found = Self.reencodingFound(violation)
                return reworded
            }
        } catch {
            return [SchemaViolation(pointer: .root, schemaPath: schema.schemaPath, keyword: "encode",
                                    expected: "a value the client can re-encode", found: "\(error)")]
        }
    }

    private static func reencodingExpectation(_ violation: SchemaViolation) -> String {
        guard violation.keyword == "required", let name = violation.pointer.tokens.last else {
            return "re-encoded value: \(violation.expected)"
        }
        return "required member \"\(name)\" kept when the client re-encodes"
    }

    private static func reencodingFound(_ violation: SchemaViolation) -> String {
        violation.keyword == "required" ? "dropped by re-encoding" : violation.found
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
