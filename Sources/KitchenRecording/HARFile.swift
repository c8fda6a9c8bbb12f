import Foundation
import HarnessCore

/// Reading and writing HAR files.
///
/// Files are written with sorted keys, two-space indentation, unescaped slashes, numbers in
/// their shortest round-tripping form and a trailing newline; entries and headers stay in the
/// order given. Saving the same document twice gives the same bytes, so fixture diffs show
/// only real changes.
///
/// ```swift
/// var document = try HARFile.load(from: fixture)
/// document.log.entries.removeAll { $0.request.urlPath == "/health" }
/// try HARFile.save(document, to: fixture, scanner: redactor.scanner())
/// ```
public enum HARFile {
    /// The exact bytes ``save(_:to:scanner:)`` writes for `document`.
    public static func encode(_ document: HAR.Document) throws(RecordingError) -> [UInt8] {
        serialize(document.json)
    }

    /// Parses HAR bytes; `path` names the source in errors.
    ///
    /// Required fields must be present and not `null`, unknown fields are ignored (each HAR
    /// type's one declaration, ``HARFields``), and what RFC 8259 refuses is refused, duplicate
    /// keys included.
    public static func decode(_ data: Data, path: String) throws(RecordingError) -> HAR.Document {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(data))
        } catch {
            throw .invalidHAR(path: path, reason: "not JSON: \(error)")
        }
        do {
            return try HAR.Document(json: value)
        } catch {
            throw .invalidHAR(path: path, reason: error.description)
        }
    }

    /// Reads the HAR file at `url`.
    public static func load(from url: URL) throws(RecordingError) -> HAR.Document {
        try decode(Data(readingRecordingAt: url), path: url.path)
    }

    /// Writes `document` to `url` atomically (temporary file, fsync, rename), after `scanner`
    /// has checked every string of it for secrets. On any error nothing is written and an
    /// earlier file at `url` is left as it was.
    ///
    /// The default scanner knows no secrets; the recorder passes its redactor's
    /// (``Redactor/scanner(extraSecrets:)``).
    public static func save(_ document: HAR.Document, to url: URL, scanner: SecretScanner = SecretScanner()) throws(RecordingError) {
        let value = document.json
        let bytes = serialize(value)
        try scanner.check(document, value: value, bytes: bytes, location: url.path)
        do {
            try POSIXFile.replace(url.path, with: bytes)
        } catch {
            throw .unwritableFile(path: url.path, reason: error.message)
        }
    }

    static func serialize(_ value: JSONValue) -> [UInt8] {
        var bytes = JSONSerializer.bytes(value, options: [.sortedKeys, .prettyPrinted])
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}

extension Data {
    /// The contents of the recording file at `url`; ``RecordingError/unreadableFile(path:reason:)``
    /// saying why when it cannot be read.
    init(readingRecordingAt url: URL) throws(RecordingError) {
        do { try self.init(contentsOf: url) } catch {
            throw .unreadableFile(path: url.path, reason: error.localizedDescription)
        }
    }
}
