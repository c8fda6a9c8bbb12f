import Foundation
import KitchenContracts
import KitchenVerify

/// `kitchen diff OLD NEW`: classifies every change between two contracts or two recording folders.
enum DiffCommand: KitchenCommand {
    static let format = Option<OutputFormat>("format", default: .text,
                                             help: "One line per change, JSON, or JUnit XML with a failure per breaking change.")
    static let common = Flag("common",
                             help: "Recording folders: compare only what both sides exercised (one session against the full set).")

    static let spec = CommandSpec(
        name: "diff",
        summary: "Classify every change between two contract files or two recording folders (exit 1 on a breaking one).",
        options: [format, common],
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
            new one additive; with --common only the operation × status pairs and message types both folders \
            exercised are compared, and the summary says how many were left out. Each line: severity, location, \
            old → new. Exit status: 0 no breaking change, 1 breaking, 2 usage or I/O error.
            """)

    static let usageStatus = CLI.ExitStatus.error

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        let format = arguments[Self.format]
        let (old, new) = (arguments.positionals[0], arguments.positionals[1])
        let common = arguments[Self.common]
        let changes: [ContractChange]
        var leftOut: Int?
        do {
            (changes, leftOut) = try compare(old, new, commonOnly: common)
        } catch {
            console.error("kitchen diff: \(error)\n")
            return .error
        }
        let breaking = changes.filter { $0.severity == .breaking }.count
        switch format {
        case .junit:
            console.out(JUnitReport.render(changes, from: old, to: new))
        case .json:
            console.out(JSONReport.render(changes))
        case .text:
            for change in changes { console.out("\(change)\n") }
            var summary = "\(breaking) breaking, \(changes.count - breaking) additive change(s) from \(old) to \(new)"
            if let leftOut { summary += " (--common: only what both exercised; \(leftOut) operation × status or message type(s) seen on one side only not compared)" }
            console.out(summary + "\n")
        }
        return breaking == 0 ? .success : .failure
    }

    /// Contract files go to `ContractDiff`, recording folders to `ShapeDiff`; with `commonOnly`,
    /// also how many subjects only one folder exercised.
    static func compare(_ old: String, _ new: String, commonOnly: Bool = false) throws -> ([ContractChange], Int?) {
        switch (try isFolder(old), try isFolder(new)) {
        case (false, false):
            guard !commonOnly else { throw UsageError("--common compares recording folders, not contract files") }
            return (try ContractDiff.compareFiles(old: URL(fileURLWithPath: old), new: URL(fileURLWithPath: new)), nil)
        case (true, true):
            let before = RecordingShapes(try RecordingFolder.load(URL(fileURLWithPath: old)))
            let after = RecordingShapes(try RecordingFolder.load(URL(fileURLWithPath: new)))
            return (ShapeDiff.compare(old: before, new: after, commonOnly: commonOnly),
                    commonOnly ? RecordingShapes.unshared(before, after) : nil)
        default:
            throw VerifyError.badPath(new, reason: "\(old) and \(new) must both be contract files or both recording folders")
        }
    }

    private static func isFolder(_ path: String) throws(VerifyError) -> Bool {
        guard let isFolder = RecordingFolder.isFolder(path) else { throw .badPath(path, reason: "no such file or folder") }
        return isFolder
    }
}
