import Foundation
import KitchenTestSupport
import Testing

/// The package's own sources against the fence rules, with the fence list read from README.
@Suite("Platform fence")
struct PlatformFenceTests {
    /// The folders whose Swift files are checked: the package's and the example app's sources.
    static let checkedFolders = ["Sources", "Examples/KitchenApp/Sources"]

    static func sources() throws -> [(path: String, text: String)] {
        let root = Repository.root.standardizedFileURL
        var found: [(String, String)] = []
        for folder in checkedFolders {
            let url = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker where file.pathExtension == "swift" && !file.path.contains("/.build/") {
                let path = String(file.standardizedFileURL.path.dropFirst(root.path.count + 1))
                found.append((path, try String(contentsOf: file, encoding: .utf8)))
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }

    @Test("every source keeps to the fence README lists, and every listed pattern names a file")
    func sourcesKeepToTheFence() throws {
        let fenced = try FencedFiles(readme: String(contentsOf: Repository.url("README.md"), encoding: .utf8))
        let sources = try Self.sources()
        #expect(sources.count > 100, "found only \(sources.count) sources: wrong root?")
        let check = FenceCheck(fenced: fenced)
        var problems = sources.flatMap { check.problems(path: $0.path, source: $0.text) }
        for pattern in fenced.patterns where !sources.contains(where: { FencedFiles.matches($0.path, pattern: pattern) }) {
            problems.append(.fenceMatchesNothing(pattern: pattern))
        }
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }
}
