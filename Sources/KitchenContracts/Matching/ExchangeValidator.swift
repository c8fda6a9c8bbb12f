import HarnessCore

/// Checks recorded exchanges against an OpenAPI contract: the request against the
/// operation's parameters and body, the status against the declared responses, the
/// response body against that response's schema.
///
/// ```swift
/// let validator = ExchangeValidator(contract: contract)
/// let verdict = validator.validate(RecordedExchange(method: "POST", target: "/devices/d1/oven/power",
///                                                   requestBody: ["isOn": true], status: 418))
/// verdict.violations.map(\.description)
/// // ["/response/status: expected a status declared for setOvenPower (200, 400, 401, 404, 413), found 418"]
/// ```
///
/// Decisions: a query parameter the operation does not declare is a violation on every
/// operation (the contract is the executable truth, so a client sending an undeclared
/// parameter disagrees with it); headers and cookies are not checked (the recording layer
/// owns them); by default a request the server refused with a 4XX is not checked against the
/// request schemas, because recordings deliberately include bad requests (a 900 °F target
/// answered with 400 is the contract working). Violations are reported at `/request/method`,
/// `/request/target`, `/request/path/<name>`, `/request/query/<name>`, `/request/body`,
/// `/response/status` and `/response/body`.
public struct ExchangeValidator: Sendable {
    /// Which requests are checked against the operation's parameters and body schema.
    public enum RequestChecks: Sendable {
        /// Every request.
        case always
        /// Requests the server did not refuse with a 4XX status.
        case unlessRefused
    }

    /// The contract exchanges are checked against.
    public let contract: OpenAPIContract
    /// The matcher compiled from the contract.
    public let matcher: OperationMatcher
    /// Which requests are held to the request schemas (default `.unlessRefused`).
    public var requestChecks: RequestChecks

    /// A validator for `contract`; compiles the matcher once.
    public init(contract: OpenAPIContract, requestChecks: RequestChecks = .unlessRefused) {
        self.contract = contract
        self.matcher = OperationMatcher(contract: contract)
        self.requestChecks = requestChecks
    }

    /// Finds the exchange's operation and checks it. An unmatched request is one violation
    /// at `/request/target` (no path) or `/request/method` (path without that method).
    public func validate(_ exchange: RecordedExchange) -> ExchangeValidation {
        var match = matcher.match(method: exchange.method, target: exchange.target)
        if case .methodNotAllowed(_, let allowed)? = match, exchange.isHead, allowed.contains("GET") {
            // RFC 9110 §9.3.2: HEAD is GET without a body; a path that declares GET answers HEAD too.
            match = matcher.match(method: "GET", target: exchange.target)
        }
        switch match {
        case .operation(let operation, let parameters)?:
            return ExchangeValidation(
                operation: operation, pathParameters: parameters,
                violations: validate(exchange, against: operation, pathParameters: parameters))
        case .methodNotAllowed(let template, let allowed)?:
            return ExchangeValidation(operation: nil, pathParameters: [:], violations: [SchemaViolation(
                pointer: Self.method, schemaPath: "#" + JSONPointer(tokens: ["paths", template]).description,
                keyword: "operation", expected: "\(ValueWording.alternatives(allowed)) (declared for \(template))",
                found: exchange.method.uppercased())])
        case nil:
            return ExchangeValidation(operation: nil, pathParameters: [:], violations: [SchemaViolation(
                pointer: Self.target, schemaPath: "#/paths", keyword: "operation",
                expected: "a declared path", found: "\(exchange.method.uppercased()) \(exchange.target)")])
        }
    }

    /// Checks `exchange` against a known operation (path parameters as the matcher extracted them).
    public func validate(
        _ exchange: RecordedExchange, against operation: OpenAPIOperation, pathParameters: [String: String] = [:]
    ) -> [SchemaViolation] {
        var violations: [SchemaViolation] = []
        let refused = (400..<500).contains(exchange.status)
        if requestChecks == .always || !refused {
            for parameter in operation.parameters(in: .path) {
                guard let text = pathParameters[parameter.name], let schema = parameter.schema else { continue }
                let value = ParameterCoercion.value(of: [text], for: schema)
                violations += schema.validate(value, at: Self.path.appending(parameter.name))
            }
            if let target = RequestTarget(exchange.target) {
                violations += queryViolations(target.query, operation)
            }
            violations += requestBodyViolations(exchange.requestBody, operation)
        }
        violations += responseViolations(exchange, operation)
        return violations
    }

    private func queryViolations(_ items: [RequestTarget.QueryItem], _ operation: OpenAPIOperation) -> [SchemaViolation] {
        var violations: [SchemaViolation] = []
        let declared = operation.parameters(in: .query)
        for parameter in declared {
            let texts = items.filter { $0.name == parameter.name }.map(\.value)
            let at = Self.query.appending(parameter.name)
            if texts.isEmpty {
                if parameter.isRequired {
                    violations.append(Self.violation(at, operation, "parameters", keyword: "required",
                        expected: "required query parameter", found: "absent"))
                }
                continue
            }
            guard let schema = parameter.schema else { continue }
            violations += schema.validate(ParameterCoercion.value(of: texts, for: schema), at: at)
        }
        var reported: Set<String> = []
        for item in items where !declared.contains(where: { $0.name == item.name }) && reported.insert(item.name).inserted {
            let names = declared.map(\.name)
            violations.append(Self.violation(Self.query.appending(item.name), operation, "parameters", keyword: "parameters",
                expected: names.isEmpty
                    ? "no query parameters" : "only declared query parameters (\(names.joined(separator: ", ")))",
                found: ValueWording.describe(.string(item.value))))
        }
        return violations
    }

    private func requestBodyViolations(_ body: JSONValue?, _ operation: OpenAPIOperation) -> [SchemaViolation] {
        guard let declared = operation.requestBody else {
            guard let body else { return [] }
            return [Self.violation(Self.requestBody, operation, keyword: "requestBody",
                expected: "no body (\(operation.operationId) declares none)", found: ValueWording.describe(body))]
        }
        guard let body else {
            guard declared.isRequired else { return [] }
            return [Self.violation(Self.requestBody, operation, "requestBody", "required",
                keyword: "requestBody", expected: "a body (required by \(operation.operationId))", found: "absent")]
        }
        return declared.schema?.validate(body, at: Self.requestBody) ?? []
    }

    private func responseViolations(_ exchange: RecordedExchange, _ operation: OpenAPIOperation) -> [SchemaViolation] {
        guard let response = operation.response(for: exchange.status) else {
            let declared = operation.responses.map(\.status).joined(separator: ", ")
            return [Self.violation(Self.status, operation, "responses", keyword: "responses",
                expected: "a status declared for \(operation.operationId) (\(declared))", found: String(exchange.status))]
        }
        if exchange.isHead { return headViolations(exchange, response, operation) }
        switch (response.hasContent, exchange.responseBody) {
        case (false, let body?):
            return [Self.violation(Self.responseBody, operation, "responses", response.status, keyword: "responseBody",
                expected: "no body (status \(response.status) declares no content)", found: ValueWording.describe(body))]
        case (true, nil):
            return [Self.violation(Self.responseBody, operation, "responses", response.status, "content",
                keyword: "responseBody", expected: "a \(response.mediaType ?? "JSON") body", found: "absent")]
        case (true, let body?):
            return response.schema?.validate(body, at: Self.responseBody) ?? []
        case (false, nil):
            return []
        }
    }

    /// A `HEAD` answered as its `GET` would be, without the body (RFC 9110 §9.3.2): none may
    /// come, and a head declaring a type declares the one the `GET`'s body has.
    private func headViolations(
        _ exchange: RecordedExchange, _ response: OpenAPIResponse, _ operation: OpenAPIOperation
    ) -> [SchemaViolation] {
        var violations: [SchemaViolation] = []
        if let body = exchange.responseBody {
            violations.append(Self.violation(Self.responseBody, operation, "responses", response.status,
                keyword: "responseBody", expected: "no body (a HEAD answer)", found: ValueWording.describe(body)))
        }
        if let declared = response.mediaType, let contentType = exchange.responseContentType,
           Self.mediaType(of: contentType) != Self.mediaType(of: declared) {
            violations.append(Self.violation(Self.contentType, operation, "responses", response.status, "content",
                keyword: "content", expected: "\(declared) (the body \(operation.operationId) declares)", found: contentType))
        }
        return violations
    }

    /// A violation at `pointer` of the rule at `#/paths/…/<tokens>` below `operation`.
    private static func violation(
        _ pointer: JSONPointer, _ operation: OpenAPIOperation, _ tokens: String...,
        keyword: String, expected: String, found: String
    ) -> SchemaViolation {
        SchemaViolation(pointer: pointer, schemaPath: "#" + JSONPointer(tokens: operation.pointer.tokens + tokens).description,
                        keyword: keyword, expected: expected, found: found)
    }

    /// A media type without its parameters, in lower case (RFC 9110 §8.3.1).
    private static func mediaType(of value: String) -> String {
        // A media type is two tokens around a slash: no whitespace belongs to it.
        String((value.split(separator: ";", maxSplits: 1).first ?? "").filter { $0 != " " && $0 != "\t" }).lowercased()
    }

    private static let method = JSONPointer(tokens: ["request", "method"])
    private static let contentType = JSONPointer(tokens: ["response", "headers", "content-type"])
    private static let target = JSONPointer(tokens: ["request", "target"])
    private static let path = JSONPointer(tokens: ["request", "path"])
    private static let query = JSONPointer(tokens: ["request", "query"])
    private static let requestBody = JSONPointer(tokens: ["request", "body"])
    private static let status = JSONPointer(tokens: ["response", "status"])
    private static let responseBody = JSONPointer(tokens: ["response", "body"])
}
