import Foundation

/// Paths in this repository, found from this file's place in it (`Tests/KitchenTestSupport/`),
/// so tests find them whatever directory they run from.
public enum Repository {
    /// The repository's root: the folder that holds `Package.swift`.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The committed recordings.
    public static let recordings = root.appendingPathComponent("Recordings")
    /// The committed contracts.
    public static let contracts = root.appendingPathComponent("Contracts")
    /// `Contracts/kitchen.openapi.json`.
    public static let openAPI = contracts.appendingPathComponent("kitchen.openapi.json")
    /// `Contracts/kitchen.asyncapi.json`.
    public static let asyncAPI = contracts.appendingPathComponent("kitchen.asyncapi.json")

    /// A file or folder below the root, e.g. `url("Sources/HTTPWire/HTTP/HTTPLimits.swift")`.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// A committed recording; `name` with or without its `.har` extension.
    public static func recording(_ name: String) -> URL {
        recordings.appendingPathComponent(name.hasSuffix(".har") ? name : "\(name).har")
    }

    /// Every committed `.har` below `Recordings/`, sorted by path.
    public static var committedRecordings: [URL] {
        let files = FileManager.default.enumerator(at: recordings.resolvingSymlinksInPath(), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "har" } ?? []
        return files.sorted { $0.path < $1.path }
    }
}
