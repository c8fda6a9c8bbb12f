import Foundation
import HarnessCore
import KitchenRecording
import Testing
import KitchenTestSupport

/// A folder of its own under the temporary directory; `remove()` when done.
struct TemporaryFolder {
    let url: URL

    init(_ label: String = "verify") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Copies committed recordings (all of them when `names` is empty) into `subfolder`.
    @discardableResult
    func copyRecordings(_ names: [String] = [], into subfolder: String = "Recordings") throws -> URL {
        let folder = url.appendingPathComponent(subfolder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let all = try FileManager.default.contentsOfDirectory(atPath: Repository.recordings.resolvingSymlinksInPath().path)
            .filter { $0.hasSuffix(".har") }
        for name in names.isEmpty ? all : names {
            try FileManager.default.copyItem(at: Repository.recordings.appendingPathComponent(name),
                                             to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Copies the committed contracts into `subfolder`.
    @discardableResult
    func copyContracts(into subfolder: String = "Contracts") throws -> URL {
        let folder = url.appendingPathComponent(subfolder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in [Repository.openAPI, Repository.asyncAPI] {
            try FileManager.default.copyItem(at: file, to: folder.appendingPathComponent(file.lastPathComponent))
        }
        return folder
    }
}

/// `document` with the value at `location` (RFC 6901) replaced, or removed when `value` is nil.
/// Every member on the way must exist; the last one is added when missing.
func editing(_ document: JSONValue, at location: String, to value: JSONValue?) -> JSONValue {
    guard let pointer = JSONPointer(location) else { fatalError("not a JSON Pointer: \(location)") }
    func edit(_ current: JSONValue, _ tokens: ArraySlice<String>) -> JSONValue? {
        guard let token = tokens.first else { return value }
        switch current {
        case .object(var object):
            if tokens.count > 1, object[token] == nil { fatalError("no member \(token) on the way to \(location)") }
            object[token] = edit(object[token] ?? .null, tokens.dropFirst())
            return .object(object)
        case .array(var elements):
            guard let index = Int(token), elements.indices.contains(index) else { fatalError("bad index \(token) in \(location)") }
            if let replaced = edit(elements[index], tokens.dropFirst()) { elements[index] = replaced } else { elements.remove(at: index) }
            return .array(elements)
        default:
            fatalError("cannot descend into a scalar at \(token) in \(location)")
        }
    }
    return edit(document, pointer.tokens[...]) ?? .null
}

/// Rewrites the JSON file at `url` through `edit` (a contract copy, typically).
func mutateJSONFile(_ url: URL, _ edit: (JSONValue) -> JSONValue) throws {
    let document = try JSONValue(parsing: Array(try Data(contentsOf: url)))
    try Data(JSONSerializer.bytes(edit(document), options: [.sortedKeys, .prettyPrinted])).write(to: url)
}

/// Rewrites the HAR at `url` through `edit`.
func mutateHAR(_ url: URL, _ edit: (inout HAR.Document) throws -> Void) throws {
    var document = try HARFile.load(from: url)
    try edit(&document)
    try HARFile.save(document, to: url)
}

extension HAR.Document {
    /// The index of the first entry whose method, path suffix and status match.
    func entryIndex(_ method: String, pathSuffix: String, status: Int) throws -> Int {
        try #require(log.entries.firstIndex {
            $0.request.method == method && $0.request.urlPath.hasSuffix(pathSuffix) && $0.response.status == status
        })
    }
}
