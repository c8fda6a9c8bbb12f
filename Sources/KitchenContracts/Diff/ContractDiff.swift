import Foundation
import HarnessCore

/// Classifies the differences between two versions of a contract, for `kitchen diff OLD NEW`.
///
/// ```swift
/// let changes = ContractDiff.compare(old: try OpenAPIContract(contentsOf: oldURL),
///                                    new: try OpenAPIContract(contentsOf: newURL))
/// changes.filter { $0.severity == .breaking }.forEach { print($0) }
/// // BREAKING  POST /devices/{deviceId}/oven/power → 200 → /properties/mode: string → absent
/// ```
///
/// Schemas are compared structurally with references resolved, so a schema moved behind a
/// new `$ref` name is not a change. Classification (see also `SchemaDiffer`):
/// - breaking: removed operation, response status, property (request or response), enum
///   value, message type or channel; any type change; a new required request member or an
///   optional one turning required; a narrowed range or a bound added; nullability of a
///   response field changing either way; a response member no longer required; a new enum
///   value in a response (clients with closed enumerations fail on it); a changed
///   discriminator; a new 1XX/2XX/3XX status on an existing operation (a success the client
///   never handled).
/// - additive: new operation, optional member, request enum value, widened range, new
///   WebSocket message type or channel, and a new 4XX/5XX/`default` status on an existing
///   operation — RFC 9110 §15 requires clients to treat an unknown status like the x00 of
///   its class, so it reaches an error path they already have.
/// - neutral (only with `includeNeutral`): titles, descriptions, summaries, operation ids.
///
/// The result is sorted by location (then kind), so output is stable.
public enum ContractDiff {
    /// The changes from `old` to `new`, two OpenAPI documents.
    public static func compare(
        old: OpenAPIContract, new: OpenAPIContract, includeNeutral: Bool = false
    ) -> [ContractChange] {
        var differ = SchemaDiffer(oldDocument: old.document, newDocument: new.document)
        let oldByShape = Dictionary(old.operations.map { (key(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        let newByShape = Dictionary(new.operations.map { (key(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        for operation in old.operations {
            let location = DiffLocation(prefix: operation.signature)
            guard let counterpart = newByShape[key(of: operation)] else {
                differ.record(.breaking, .operationRemoved, location, old: operation.operationId, new: nil)
                continue
            }
            OperationDiff.compare(operation, counterpart, at: DiffLocation(prefix: counterpart.signature), with: &differ)
        }
        for operation in new.operations where oldByShape[key(of: operation)] == nil {
            differ.record(.additive, .operationAdded, DiffLocation(prefix: operation.signature), old: nil,
                new: operation.operationId)
        }
        return finish(differ.changes, includeNeutral: includeNeutral)
    }

    /// The changes between two contract files of the same kind (OpenAPI or AsyncAPI,
    /// recognised by their `openapi` / `asyncapi` member).
    public static func compareFiles(
        old: URL, new: URL, includeNeutral: Bool = false
    ) throws(ContractError) -> [ContractChange] {
        // Files the contracts reference are bundled in, so the differ follows `$ref`s across files.
        let oldDocument = try ContractBundle.bundle(try ContractFiles.load(old), at: old)
        let newDocument = try ContractBundle.bundle(try ContractFiles.load(new), at: new)
        let (oldFile, newFile) = (old.lastPathComponent, new.lastPathComponent)
        switch (oldDocument["openapi"] != nil, newDocument["openapi"] != nil) {
        case (true, true):
            return compare(old: try OpenAPIContract(document: oldDocument, file: oldFile),
                           new: try OpenAPIContract(document: newDocument, file: newFile), includeNeutral: includeNeutral)
        case (false, false):
            return compare(old: try AsyncAPIContract(document: oldDocument, file: oldFile),
                           new: try AsyncAPIContract(document: newDocument, file: newFile), includeNeutral: includeNeutral)
        default:
            throw ContractError(file: newFile, pointer: .root,
                                reason: .malformedDocument("\(oldFile) and \(newFile) are not the same kind of contract"))
        }
    }

    /// Operations are the same when method and path agree, parameter names aside.
    private static func key(of operation: OpenAPIOperation) -> String {
        operation.method + " " + PathTemplate(operation.pathTemplate).shape
    }

    static func finish(_ changes: [ContractChange], includeNeutral: Bool) -> [ContractChange] {
        Array(Set(changes.filter { includeNeutral || $0.severity != .neutral })).sorted()
    }
}
