import Foundation
import HarnessCore

/// A contract folder as a set of documents: a `$ref` from one file to another by relative
/// URI (`schemas/device.json#/$defs/id`) or to an `$id` is read from the folder itself,
/// never fetched.
///
/// ```swift
/// let options = ContractFiles.options(for: URL(fileURLWithPath: "Contracts/kitchen.openapi.json"))
/// let contract = try OpenAPIContract(document: document, file: "kitchen.openapi.json", options: options)
/// ```
public enum ContractFiles {
    /// Reads and parses the contract file at `url`; a failure names the file.
    package static func load(_ url: URL) throws(ContractError) -> JSONValue {
        let file = url.lastPathComponent
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ContractError(file: file, pointer: .root, reason: .unreadableFile(error.localizedDescription))
        }
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw ContractError(file: file, pointer: .root, reason: .malformedJSON(error))
        }
    }

    /// Options whose base URI is `file`'s and whose loader reads the JSON files under the
    /// folder holding it (subfolders included), by `file:` URI.
    public static func options(for file: URL, base: SchemaOptions = .init()) -> SchemaOptions {
        var options = base
        let folder = file.deletingLastPathComponent().standardizedFileURL
        options.baseURI = file.standardizedFileURL.absoluteString
        options.loader = loader(under: folder)
        return options
    }

    /// A loader for the JSON files under `folder`: each answers to its `file:` URI, and to
    /// nothing outside the folder.
    public static func loader(under folder: URL) -> SchemaLoader {
        let root = folder.standardizedFileURL.path
        return SchemaLoader { uri in
            guard let url = URL(string: uri), url.isFileURL else { return nil }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(root + "/"), let value = try? load(URL(fileURLWithPath: path)) else { return nil }
            return (value, String(path.dropFirst(root.count + 1)))
        }
    }
}

extension SchemaOptions {
    /// These options as a contract document adjusts them: `"x-kitchen-formats": "assert"`
    /// at its root asks for `format` to be asserted.
    func adjusted(by document: JSONValue) -> SchemaOptions {
        var options = self
        if document["x-kitchen-formats"] == "assert" { options.formats = .assert }
        return options
    }
}
