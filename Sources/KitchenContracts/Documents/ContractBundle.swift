import Foundation
import HarnessCore

/// A contract spread over several files, made into one document: every file a `$ref`
/// reaches is placed under `/x-kitchen-bundled/<path>` and every `$ref` rewritten to the
/// local pointer it designates (anchors and `$id`s resolved on the way). Code that reads a
/// contract by local pointers, such as the differ, then follows references across files.
///
/// ```swift
/// let document = try ContractBundle.bundle(try ContractFiles.load(url), at: url)
/// // {"$ref": "schemas/device.json#/$defs/id"} is now {"$ref": "#/x-kitchen-bundled/schemas~1device.json/$defs/id"}
/// ```
enum ContractBundle {
    /// The member of the main document that holds the other files.
    static let member = "x-kitchen-bundled"

    /// `document`, read from `url`, with the files its references reach bundled in.
    /// A reference that leads nowhere is a `ContractError` naming it and where it stands.
    static func bundle(_ document: JSONValue, at url: URL) throws(ContractError) -> JSONValue {
        try bundle(document, file: url.lastPathComponent, options: ContractFiles.options(for: url))
    }

    /// `document`, named `file` in messages, with the files its references reach bundled
    /// in; `options` give its base URI and the loader that reads the other files.
    static func bundle(_ document: JSONValue, file: String, options: SchemaOptions) throws(ContractError) -> JSONValue {
        var registry = SchemaRegistry(loader: options.loader)
        registry.add(document, uri: options.baseURI ?? "", label: file, isSchema: false)
        var bundled: [String: JSONValue] = [:]
        var queue = [0]
        var queued: Set<Int> = [0]
        var main = document
        while let index = queue.popLast() {
            var rewritten = registry.documents[index].value
            for reference in ContractReferences.all(in: registry.documents[index].value) {
                let target = try registry.require(
                    reference.ref, at: SchemaRegistry.Location(document: index, pointer: reference.pointer))
                if queued.insert(target.location.document).inserted { queue.append(target.location.document) }
                let local = prefix(of: target.location.document, in: registry) + target.location.pointer.tokens
                rewritten = rewritten.editing(at: reference.pointer.appending("$ref"),
                                              to: .string("#" + JSONPointer(tokens: local).description))
            }
            if index == 0 { main = rewritten } else { bundled[registry.documents[index].label] = rewritten }
        }
        guard !bundled.isEmpty, case .object(var object) = main else { return main }
        object[member] = .object(JSONObject(bundled.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: $0.value) }))
        return .object(object)
    }

    private static func prefix(of document: Int, in registry: SchemaRegistry) -> [String] {
        document == 0 ? [] : [member, registry.documents[document].label]
    }
}
