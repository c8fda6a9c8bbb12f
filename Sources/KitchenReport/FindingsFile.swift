import HarnessCore
import KitchenRecording

/// Reads the findings out of what `kitchen verify --format json` prints:
/// `{"passed": …, "findings": [{"check", "file", "entry", "message", "location", "expected",
/// "actual", "rule", "reproduce"}], …}`. Optional members may be absent or `null`.
///
/// ```swift
/// let findings = try FindingsFile.parse(Array(data), path: "verify.json")
/// let mine = findings.filter { $0.isAbout(path: "Recordings/oven-controls.har") }
/// ```
public enum FindingsFile {
    /// The findings in `bytes`, in the order the report lists them.
    public static func parse(_ bytes: [UInt8], path: String) throws(ReportError) -> [Finding] {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .notJSON(path: path, reason: "\(error)")
        }
        guard case .object = document else { throw .notAFindingsDocument(path: path, reason: "the top level is not an object") }
        guard let list = document["findings"]?.arrayValue else {
            throw .notAFindingsDocument(path: path, reason: "it has no \"findings\" array")
        }
        return try list.enumerated().map { index, value throws(ReportError) in
            try finding(value, at: "/findings/\(index)", path: path)
        }
    }

    private static func finding(_ value: JSONValue, at pointer: String, path: String) throws(ReportError) -> Finding {
        func text(_ key: String) throws(ReportError) -> String {
            guard let text = value[key]?.stringValue else {
                throw .notAFindingsDocument(path: path, reason: "\(pointer)/\(key) is missing or not a string")
            }
            return text
        }
        func optionalText(_ key: String) throws(ReportError) -> String? {
            guard let member = value[key], !member.isNull else { return nil }
            guard let text = member.stringValue else { throw .notAFindingsDocument(path: path, reason: "\(pointer)/\(key) is not a string") }
            return text
        }
        func optionalIndex(_ key: String) throws(ReportError) -> Int? {
            guard let member = value[key], !member.isNull else { return nil }
            guard let number = member.intValue, number >= 0 else {
                throw .notAFindingsDocument(path: path, reason: "\(pointer)/\(key) is not a whole number ≥ 0")
            }
            return number
        }
        guard case .object = value else { throw .notAFindingsDocument(path: path, reason: "\(pointer) is not an object") }
        return Finding(
            check: try text("check"), file: try optionalText("file"), entry: try optionalIndex("entry"),
            message: try optionalIndex("message"), location: try text("location"), expected: try text("expected"),
            actual: try text("actual"), rule: try optionalText("rule"), reproduce: try optionalText("reproduce"))
    }
}
