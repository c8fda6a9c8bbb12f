import Foundation

/// Paths in this repository, found from this file's location (tests may run from any directory).
enum RepositoryPaths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let recordings = root.appendingPathComponent("Recordings")

    static func recording(_ name: String) -> URL { recordings.appendingPathComponent("\(name).har") }
}
