import HarnessCore

/// Why a contract document (or a schema inside one) could not be loaded, and where.
///
/// ```swift
/// do { _ = try OpenAPIContract(contentsOf: url) }
/// catch { print(error) }   // "kitchen.openapi.json#/paths/~1devices/get: missing operationId"
/// ```
public struct ContractError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rule the document broke.
    public enum Reason: Sendable, Equatable {
        /// The file could not be read (the system's explanation).
        case unreadableFile(String)
        /// The text is not JSON.
        case malformedJSON(JSONParseError)
        /// The JSON does not have the shape the specification requires (what is wrong).
        case malformedDocument(String)
        /// A `$ref` names nothing in the document (the reference, and why).
        case unresolvableReference(String, why: String)
        /// `$ref`/`allOf`/`anyOf`/`oneOf` lead back to a schema without descending into
        /// the instance, so validation could never finish (the schema paths in the loop).
        case referenceCycle([String])
        /// An operation has no `operationId` (its method and path).
        case missingOperationId(method: String, path: String)
        /// Two operations share an `operationId` (the id, and where it was first used).
        case duplicateOperationId(String, firstAt: JSONPointer)
        /// A schema uses a keyword the checker does not implement (the keyword; the
        /// error's pointer is the keyword's own location). Refused rather than skipped,
        /// so a contract never passes a recording on a rule nobody checked.
        case unsupportedKeyword(String)
    }

    /// The document's file name, or a label such as `<inline>` for in-memory documents.
    public var file: String
    /// Where in the document the problem is.
    public var pointer: JSONPointer
    /// Why it could not be loaded.
    public var reason: Reason

    /// An error in `file` at `pointer`.
    public init(file: String, pointer: JSONPointer, reason: Reason) {
        self.file = file
        self.pointer = pointer
        self.reason = reason
    }

    public var description: String {
        let why: String = switch reason {
        case .unreadableFile(let explanation): "cannot read the file: \(explanation)"
        case .malformedJSON(let error): "not JSON: \(error)"
        case .malformedDocument(let what): what
        case .unresolvableReference(let reference, let why): "unresolvable $ref \"\(reference)\": \(why)"
        case .referenceCycle(let loop): "schema cycle that never reaches the instance: \(loop.joined(separator: " → "))"
        case .missingOperationId(let method, let path): "missing operationId on \(method) \(path)"
        case .duplicateOperationId(let id, let first): "duplicate operationId \"\(id)\" (first used at \(first))"
        case .unsupportedKeyword(let keyword): "schema keyword \"\(keyword)\" is not supported by the checker"
        }
        return "\(file)#\(pointer): \(why)"
    }
}
