import Foundation
import HarnessCore

/// What an OpenAPI and an AsyncAPI contract have in common: a JSON document, read from a
/// file of a contract folder or given parsed, with its `info` and its `$ref`s.
///
/// ```swift
/// let contract = try AsyncAPIContract(contentsOf: URL(fileURLWithPath: "Contracts/kitchen.asyncapi.json"))
/// contract.title                    // "Kitchen API"
/// contract.unresolvedReferences()   // []
/// ```
public protocol ContractDocument: Sendable {
    /// The document as loaded.
    var document: JSONValue { get }

    /// Loads a contract already parsed, named `file` in errors. `options` say how its
    /// schemas compile; the document's `"x-kitchen-formats": "assert"` turns format assertion on.
    init(document: JSONValue, file: String, options: SchemaOptions) throws(ContractError)
}

extension ContractDocument {
    /// Loads the contract in the JSON file at `url`; references to other files resolve in
    /// its folder (``ContractFiles``).
    public init(contentsOf url: URL, options: SchemaOptions = .init()) throws(ContractError) {
        try self.init(document: ContractFiles.load(url), file: url.lastPathComponent,
                      options: ContractFiles.options(for: url, base: options))
    }

    /// `info.title`.
    public var title: String { document["info"]?["title"]?.stringValue ?? "" }

    /// `info.version`.
    public var version: String { document["info"]?["version"]?.stringValue ?? "" }

    /// Every `$ref` in the document, in document order.
    public func allReferences() -> [ContractReference] {
        ContractReferences.all(in: document)
    }

    /// The local `$ref`s that resolve to nothing (empty for any contract that loaded, unless
    /// a reference sits somewhere the loader does not read, such as an `x-` extension).
    public func unresolvedReferences() -> [ContractReference] {
        ContractReferences.unresolved(in: document)
    }
}
