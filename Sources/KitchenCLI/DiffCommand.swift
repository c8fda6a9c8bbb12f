import Foundation
import KitchenContracts
import KitchenVerify

/// `kitchen diff OLD NEW`: classifies every change between two contracts or two recording folders.
enum DiffCommand: KitchenCommand {
    static let spec = CommandSpec(
        name: "diff",
        summary: "Classify every change between two contract files or two recording folders (exit 1 on a breaking one).",
        options: [.init(name: "format", valueName: "text|json", help: "One line per change, or JSON (default text).")],
        positionals: [
            .init(name: "OLD", help: "The old contract (.json) or recordings folder."),
            .init(name: "NEW", help: "The new one, of the same kind."),
        ],
        discussion: """
            Contracts (OpenAPI or AsyncAPI, both sides the same) are compared schema by schema. Breaking: a removed \
            field, operation, status or enum value; a changed type; a new required request field; a narrowed range; \
            a change in the nullability of a response field. Additive: a new optional field, a new operation, a new \
            enum value on a request. Recording folders are compared by shape, values ignored: per response status and \
            per WebSocket message type, a removed, renamed or retyped field or a missing message type is breaking, a \
            new one additive. Each line: severity, location, old → new. Exit status: 0 no breaking change, 1 breaking, \
            2 usage or I/O error.
            """)

    static let usageStatus = CLI.ExitStatus.error

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        let format = arguments.value("format") ?? "text"
        guard format == "text" || format == "json" else { throw UsageError("--format must be text or json, not '\(format)'") }
        let (old, new) = (arguments.positionals[0], arguments.positionals[1])
        let changes: [ContractChange]
        do {
            changes = try compare(old, new)
        } catch let error as VerifyError {
            console.error("kitchen diff: \(error)\n")
            return .error
        } catch {
            console.error("kitchen diff: \(error)\n")
            return .error
        }
        let breaking = changes.filter { $0.severity == .breaking }.count
        if format == "json" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            let data = (try? encoder.encode(changes.map(ShapeChange.init))) ?? Data("[]".utf8)
            console.out(String(decoding: data, as: UTF8.self) + "\n")
        } else {
            for change in changes { console.out("\(change)\n") }
            console.out("\(breaking) breaking, \(changes.count - breaking) additive change(s) from \(old) to \(new)\n")
        }
        return breaking == 0 ? .success : .failure
    }

    /// Contract files go to `ContractDiff`, recording folders to `ShapeDiff`.
    static func compare(_ old: String, _ new: String) throws -> [ContractChange] {
        switch (try kind(of: old), try kind(of: new)) {
        case (.file, .file):
            return try ContractDiff.compareFiles(old: URL(fileURLWithPath: old), new: URL(fileURLWithPath: new))
        case (.folder, .folder):
            let before = try RecordingFolder.load(URL(fileURLWithPath: old))
            let after = try RecordingFolder.load(URL(fileURLWithPath: new))
            return ShapeDiff.compare(old: RecordingShapes(before), new: RecordingShapes(after))
        default:
            throw VerifyError.badPath(new, reason: "\(old) and \(new) must both be contract files or both recording folders")
        }
    }

    private enum PathKind { case file, folder }

    private static func kind(of path: String) throws(VerifyError) -> PathKind {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .badPath(path, reason: "no such file or folder")
        }
        return isFolder.boolValue ? .folder : .file
    }
}
