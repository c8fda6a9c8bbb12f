import Foundation
import KitchenContracts
import KitchenRecording

extension VerifyRun {
    /// The outcome of comparing a run's recordings with a baseline folder.
    struct BaselineComparison {
        var changes: [ShapeChange]
        var results: [CaseResult]
        var notices: [String]
    }

    /// Compares the shapes of `recordings` with those of the baseline files of the same names
    /// (a file only one side has says nothing: a scenario skipped live is not a removal).
    /// Each breaking change is a failing case; additive ones are notices. Recordings made in
    /// this run that differ byte for byte from the baseline are counted in a notice, since the
    /// embedded recordings are deterministic and a difference means the baseline is stale.
    func compareShapes(_ recordings: [LoadedRecording], with baseline: URL) throws(VerifyError) -> BaselineComparison {
        let names = Set(recordings.map(\.name))
        let old = try RecordingFolder.load(baseline, selected: names.contains)
        let compared = Set(old.map(\.name))
        let current = recordings.filter { compared.contains($0.name) }
        let changes = ShapeDiff.compare(old: RecordingShapes(old), new: RecordingShapes(current))
        var notices = changes.filter { $0.severity != .breaking }.map { "additive change against \(baseline.relativePath): \($0)" }
        var results = changes.filter { $0.severity == .breaking }.map { change in
            CaseResult(VerifyCase(check: .shapes, name: "\(change.kind.rawValue) \(change.location)"), findings: [Finding(
                check: .shapes, location: change.location, expected: change.old ?? "absent", actual: change.new ?? "absent",
                rule: change.kind.rawValue)])
        }
        results.append(CaseResult(VerifyCase(
            check: .shapes, name: "shapes of \(compared.count) recording(s) compared with \(baseline.relativePath)")))
        if case .embedded = options.source {
            let stale = current.filter { recording in
                (try? Data(contentsOf: recording.url)) != (try? Data(contentsOf: baseline.appendingPathComponent(recording.name)))
            }
            if !stale.isEmpty {
                notices.append("\(stale.count) recording(s) differ byte for byte from \(baseline.relativePath) "
                    + "(\(stale.map(\.name).joined(separator: ", "))); refresh them with kitchen scenarios record --out \(baseline.relativePath)")
            }
        }
        return BaselineComparison(changes: changes.map(ShapeChange.init), results: results, notices: notices)
    }
}
