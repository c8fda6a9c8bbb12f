import Foundation
import KitchenRecording
import KitchenReport
import KitchenVerify

/// `kitchen verify --html DIR`: one `kitchen report` page per failing recording, with that
/// recording's findings marked, written to `DIR/<recording>.html`.
struct VerifyHTMLReports {
    /// Where the pages go.
    let folder: URL
    /// A folder this run made to keep the recordings it records (removed afterwards), if any.
    let keptRecordings: URL?
    /// The run's options, with the recordings kept where the pages can be drawn from them.
    let options: VerifyOptions

    /// Reads `--html`; for a run that records, the recordings are kept in a temporary folder
    /// (unless `--keep` names one) so the pages can be drawn from them.
    init?(arguments: ParsedArguments, options given: VerifyOptions) {
        guard let path = arguments[VerifyCommand.html] else { return nil }
        folder = URL(fileURLWithPath: path)
        var options = given
        if Self.recordings(of: given) == nil {
            options.keepRecordings = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-verify-html-\(UUID().uuidString)")
            keptRecordings = options.keepRecordings
        } else {
            keptRecordings = nil
        }
        self.options = options
    }

    /// The folder the verified recordings are in.
    static func recordings(of options: VerifyOptions) -> URL? {
        if case .folder(let folder) = options.source { return folder }
        return options.keepRecordings
    }

    /// Writes a page per recording with findings and says on standard error what it wrote.
    /// A recording that cannot be read (itself a finding) gets no page and a note; a page that
    /// cannot be written makes this return `false` (exit 2).
    func write(_ report: VerifyReport, options: VerifyOptions, console: Console) -> Bool {
        defer { if let keptRecordings { try? FileManager.default.removeItem(at: keptRecordings) } }
        guard let recordings = Self.recordings(of: options) else { return true }
        let failing = Dictionary(grouping: report.findings.filter { $0.file != nil }) { $0.file ?? "" }
        var written = 0
        for (file, findings) in failing.sorted(by: { $0.key < $1.key }) {
            let page = folder.appendingPathComponent(file.hasSuffix(".har") ? String(file.dropLast(4)) + ".html" : file + ".html")
            let document: HAR.Document
            do {
                document = try HARFile.load(from: recordings.appendingPathComponent(file))
            } catch {
                console.error("kitchen verify: no HTML report for \(file): \(error)\n")
                continue
            }
            do {
                try ReportFiles.write(HTMLReport.render(document, name: file, findings: findings), to: page)
                written += 1
            } catch {
                console.error("kitchen verify: cannot write \(page.path): \(error.localizedDescription)\n")
                return false
            }
        }
        console.error("kitchen verify: wrote \(written) HTML report(s) to \(folder.path)\n")
        return true
    }
}
