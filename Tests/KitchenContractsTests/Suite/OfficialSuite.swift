import Foundation
import HarnessCore
@testable import KitchenContracts

/// The official JSON-Schema-Test-Suite, unpacked by `make test` (target `json-schema-suite`)
/// from the `jsonschema` source distribution into a git-ignored folder: `tests/draft2020-12`,
/// `remotes/`, and the 2020-12 metaschemas from `jsonschema-specifications`.
/// `KITCHEN_JSON_SCHEMA_SUITE` names the folder; the default is `.tools/jsonschema-suite`.
enum OfficialSuite {
    static let folder: URL? = {
        let environment = ProcessInfo.processInfo.environment["KITCHEN_JSON_SCHEMA_SUITE"].flatMap { $0.isEmpty ? nil : $0 }
        let url = environment.map { URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".tools/jsonschema-suite")
        let marker = url.appendingPathComponent("tests/draft2020-12/type.json").path
        return FileManager.default.fileExists(atPath: marker) ? url : nil
    }()

    /// One test case of a suite file: the group's schema, an instance, the verdict expected.
    struct Case {
        var file: String
        var group: String
        var description: String
        var schema: JSONValue
        var data: JSONValue
        var valid: Bool
    }

    /// The cases of every `.json` file directly in `directory` (relative to the draft folder).
    static func cases(in directory: String) -> [Case] {
        guard let folder else { return [] }
        let base = folder.appendingPathComponent("tests/draft2020-12").appendingPathComponent(directory)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        var cases: [Case] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: base.appendingPathComponent(file).path),
                  case .array(let groups) = try? JSONValue(parsing: data) else { continue }
            for group in groups {
                for test in group["tests"]?.arrayValue ?? [] {
                    cases.append(Case(
                        file: directory.isEmpty ? file : directory + "/" + file,
                        group: group["description"]?.stringValue ?? "", description: test["description"]?.stringValue ?? "",
                        schema: group["schema"] ?? .null, data: test["data"] ?? .null, valid: test["valid"]?.boolValue ?? false))
                }
            }
        }
        return cases
    }

    /// Remote documents by URI: `http://localhost:1234/…` from `remotes/`, the 2020-12
    /// metaschemas by their `$id`. Read from disk, never fetched.
    static let documents: [String: JSONValue] = {
        guard let folder else { return [:] }
        var documents: [String: JSONValue] = [:]
        for (directory, prefix) in [("remotes", "http://localhost:1234/"), ("metaschemas", nil as String?)] {
            let root = folder.appendingPathComponent(directory)
            let enumerator = FileManager.default.enumerator(atPath: root.path)
            while let relative = enumerator?.nextObject() as? String {
                let path = root.appendingPathComponent(relative).path
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                      let data = FileManager.default.contents(atPath: path), let value = try? JSONValue(parsing: data)
                else { continue }
                if let prefix { documents[prefix + relative] = value }
                if prefix == nil, let id = value["$id"]?.stringValue { documents[URIReference.absolute(id)] = value }
            }
        }
        return documents
    }()

    static let loader = SchemaLoader { uri in documents[uri].map { ($0, uri) } }

    /// The verdict of our checker on `test`, or why the schema did not compile. The verdict
    /// of `isValid` (stopping at the first violation) and of `validate` (every violation, in
    /// words) must agree; a disagreement is reported as a verdict opposite to the suite's.
    static func verdict(_ test: Case, formats: SchemaOptions.Formats = .annotate) -> Result<Bool, ContractError> {
        let options = SchemaOptions(formats: formats, unknownKeywords: .ignore, loader: loader)
        do {
            let schema = try JSONSchema(test.schema, file: test.file, options: options)
            let valid = schema.isValid(test.data)
            guard valid == schema.validate(test.data).isEmpty else { return .success(!test.valid) }
            return .success(valid)
        } catch {
            return .failure(error)
        }
    }
}
