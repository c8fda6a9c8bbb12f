import Foundation
import HarnessCore
import KitchenTestSupport

/// Python's zlib and gzip (`Tests/Interop/deflate_reference.py`) as the reference: one process
/// a batch of cases, with records of length-prefixed fields both ways.
enum PythonReference {
    /// `KITCHEN_PYTHON`, else `python3` on PATH; nil when neither is there.
    static let interpreter: String? = PythonPeer.interpreter ?? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// A stream Python made of input `inputIndex`.
    struct Stream: Sendable {
        var variant: String
        var format: ContentCodingFormatName
        var inputIndex: Int
        var bytes: [UInt8]
    }

    /// Every variant (levels, strategies, flushes, gzip header fields, members) of every input.
    static func compress(_ inputs: [[UInt8]]) async throws -> [Stream] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputFile = folder.appendingPathComponent("inputs"), outputFile = folder.appendingPathComponent("streams")
        try Data(records(inputs)).write(to: inputFile)
        try await run(["compress", inputFile.path, outputFile.path])
        let fields = try fields(of: Array(Data(contentsOf: outputFile)))
        return stride(from: 0, to: fields.count, by: 4).map { index in
            Stream(variant: String(decoding: fields[index], as: UTF8.self),
                   format: ContentCodingFormatName(rawValue: String(decoding: fields[index + 1], as: UTF8.self))!,
                   inputIndex: Int(String(decoding: fields[index + 2], as: UTF8.self))!, bytes: fields[index + 3])
        }
    }

    /// Has Python decode each `(format, input, stream)` case and compare it with its input;
    /// returns Python's line for each case that failed (empty when all passed).
    static func checkDecoding(_ cases: [(ContentCodingFormatName, [UInt8], [UInt8])]) async throws -> [String] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let caseFile = folder.appendingPathComponent("cases")
        try Data(records(cases.flatMap { [Array($0.0.rawValue.utf8), $0.1, $0.2] })).write(to: caseFile)
        let outcome = try await ExternalProcess.run(interpreter!, [PythonPeer.script("deflate_reference.py"), "decompress", caseFile.path])
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        guard lines.count == cases.count else { throw PeerError.malformed("expected \(cases.count) lines: \(outcome)") }
        return lines.filter { $0 != "ok" }
    }

    private static func run(_ arguments: [String]) async throws {
        let outcome = try await ExternalProcess.run(interpreter!, [PythonPeer.script("deflate_reference.py")] + arguments)
        guard outcome.status == 0 else { throw PeerError.malformed("deflate_reference.py failed: \(outcome)") }
    }

    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deflate-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func records(_ fields: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        for field in fields {
            let count = UInt32(field.count)
            bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: count >> $0) } + field
        }
        return bytes
    }

    private static func fields(of bytes: [UInt8]) throws -> [[UInt8]] {
        var fields: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            guard index + 4 <= bytes.count else { throw PeerError.malformed("record cut short at \(index)") }
            let count = bytes[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard index + 4 + count <= bytes.count else { throw PeerError.malformed("field cut short at \(index)") }
            fields.append(Array(bytes[(index + 4)..<(index + 4 + count)]))
            index += 4 + count
        }
        return fields
    }
}

/// The format names the Python script uses.
enum ContentCodingFormatName: String, Sendable, CaseIterable {
    case gzip, zlib, raw
}

extension ContentCodingFormatName {
    var format: ContentCodingFormat {
        switch self {
        case .gzip: .gzip
        case .zlib: .zlib
        case .raw: .rawDeflate
        }
    }
}
