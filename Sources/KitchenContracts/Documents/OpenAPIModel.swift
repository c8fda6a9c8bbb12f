import HarnessCore

/// Where a parameter travels (OpenAPI 3.1 §4.8.12.1).
public enum ParameterLocation: String, Sendable, Hashable, CaseIterable {
    case path, query, header, cookie
}

/// A declared parameter of an operation.
public struct OpenAPIParameter: Sendable {
    /// The parameter's name.
    public var name: String
    /// Where it travels.
    public var location: ParameterLocation
    /// Path parameters are always required (OpenAPI 3.1 §4.8.12.2).
    public var isRequired: Bool
    /// The value's schema, when one is declared.
    public internal(set) var schema: JSONSchema?
    var schemaPointer: JSONPointer?
}

/// A declared request body.
public struct OpenAPIRequestBody: Sendable {
    /// Whether a request without a body is a violation (`required`, default `false`).
    public var isRequired: Bool
    /// The media type chosen: `application/json` when declared, else the first JSON-like one.
    public var mediaType: String?
    /// The body's schema, when the media type declares one.
    public internal(set) var schema: JSONSchema?
    var schemaPointer: JSONPointer?
}

/// One declared response of an operation.
public struct OpenAPIResponse: Sendable {
    /// The key as written: `200`, `4XX` or `default`.
    public var status: String
    public var description: String
    /// The JSON media type of the body; `nil` when the response declares no content (a 204).
    public var mediaType: String?
    /// The body's schema, when the media type declares one.
    public internal(set) var schema: JSONSchema?
    var schemaPointer: JSONPointer?

    /// Whether the response carries a body at all.
    public var hasContent: Bool { mediaType != nil }

    /// Whether this response covers `code`: exactly, by its class (`4XX`), or as `default`.
    public func covers(_ code: Int) -> Bool {
        if status == String(code) { return true }
        if status.count == 3, status.hasSuffix("XX"), let digit = status.first?.wholeNumberValue {
            return code / 100 == digit
        }
        return status == "default"
    }
}

/// One security requirement: every named scheme, with its scopes, must be satisfied.
public struct OpenAPISecurityRequirement: Sendable, Hashable {
    /// Scheme name → required scopes.
    public var schemes: [String: [String]]
}

/// One operation: a method on a path template.
public struct OpenAPIOperation: Sendable, Identifiable {
    /// The operation's unique id.
    public var operationId: String
    /// Upper-case HTTP method (`GET`, `POST`).
    public var method: String
    /// The path template as written, e.g. `/devices/{deviceId}/oven`.
    public var pathTemplate: String
    /// The one-line summary, when given.
    public var summary: String?
    /// Path-level and operation-level parameters merged (the operation's win).
    public var parameters: [OpenAPIParameter]
    /// The declared request body; `nil` when the operation takes none.
    public var requestBody: OpenAPIRequestBody?
    /// The responses in document order.
    public var responses: [OpenAPIResponse]
    /// The requirements in force (the operation's own, else the document's); empty means none.
    public var security: [OpenAPISecurityRequirement]
    /// Where the operation is in the document (`/paths/~1devices/get`).
    public var pointer: JSONPointer

    public var id: String { operationId }

    /// `GET /devices/{deviceId}/oven`.
    public var signature: String { "\(method) \(pathTemplate)" }

    /// The parameters in `location`.
    public func parameters(in location: ParameterLocation) -> [OpenAPIParameter] {
        parameters.filter { $0.location == location }
    }

    /// The response for `code`: an exact key first, then its class (`4XX`), then `default`
    /// (OpenAPI 3.1 §4.8.16.2).
    public func response(for code: Int) -> OpenAPIResponse? {
        let exact = String(code)
        return responses.first { $0.status == exact }
            ?? responses.first { $0.status != "default" && $0.covers(code) }
            ?? responses.first { $0.status == "default" }
    }

    /// Gives each schema its compiled node, looked up by its pointer in `nodes`.
    mutating func attach(_ graph: SchemaGraph, nodes: [JSONPointer: Int]) {
        func handle(_ pointer: JSONPointer?) -> JSONSchema? {
            pointer.flatMap { nodes[$0] }.map { JSONSchema(graph: graph, root: $0) }
        }
        for index in parameters.indices { parameters[index].schema = handle(parameters[index].schemaPointer) }
        let bodySchema = handle(requestBody?.schemaPointer)
        requestBody?.schema = bodySchema
        for index in responses.indices { responses[index].schema = handle(responses[index].schemaPointer) }
    }
}
