import HarnessCore

/// One request and its response, as plain values (what a HAR entry boils down to for
/// contract checks).
///
/// ```swift
/// let exchange = RecordedExchange(method: "POST", target: "/devices/d1/oven/power",
///                                 requestBody: ["isOn": true], status: 200, responseBody: ovenState)
/// ```
public struct RecordedExchange: Sendable, Hashable {
    /// The HTTP method, any case.
    public var method: String
    /// The request target: origin form (`/devices?x=1`) or an absolute URL.
    public var target: String
    /// The parsed JSON request body; `nil` when there was none.
    public var requestBody: JSONValue?
    /// The response status code.
    public var status: Int
    /// The parsed JSON response body; `nil` when there was none.
    public var responseBody: JSONValue?
    /// The response's `Content-Type` header; `nil` when it had none. Checked for a `HEAD`,
    /// whose head stands in for the body it does not carry.
    public var responseContentType: String?

    /// An exchange with every field given.
    public init(method: String, target: String, requestBody: JSONValue? = nil, status: Int, responseBody: JSONValue? = nil,
                responseContentType: String? = nil) {
        self.method = method
        self.target = target
        self.requestBody = requestBody
        self.status = status
        self.responseBody = responseBody
        self.responseContentType = responseContentType
    }
}

extension RecordedExchange {
    /// Whether the request was a `HEAD`.
    var isHead: Bool { method.uppercased() == "HEAD" }
}

/// The verdict on one exchange: the operation it was matched to, and every violation.
public struct ExchangeValidation: Sendable {
    /// The operation, when the request matched one.
    public var operation: OpenAPIOperation?
    /// The decoded path parameters of the match.
    public var pathParameters: [String: String]
    /// Violations with pointers rooted at `/request/…` and `/response/…`.
    public var violations: [SchemaViolation]

    /// Whether the exchange conforms to the contract.
    public var isValid: Bool { operation != nil && violations.isEmpty }
}
