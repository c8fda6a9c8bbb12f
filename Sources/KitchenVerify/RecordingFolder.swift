import Foundation

/// Every `.har` under a folder, found recursively (bug recordings live in `Recordings/bugs/`)
/// and loaded in a stable order: by relative path.
///
/// ```swift
/// let recordings = try RecordingFolder.load(URL(fileURLWithPath: "Recordings"))
/// recordings.map(\.name)   // ["bugs/late-close.har", "dishwasher-commands.har", …]
/// ```
public enum RecordingFolder {
    /// The relative paths of the `.har` files under `folder`, sorted. Hidden files and folders
    /// (such as a recorder's `.recording-…` staging folder) are skipped.
    public static func files(in folder: URL) throws(VerifyError) -> [String] {
        guard isFolder(folder.path) == true else { throw .unreadableFolder(path: folder.path, reason: "not a folder") }
        // The enumerator does not descend into a symbolic link, so start from the real folder.
        guard let walker = FileManager.default.enumerator(atPath: folder.resolvingSymlinksInPath().path) else {
            throw .unreadableFolder(path: folder.path, reason: "cannot list it")
        }
        var names: [String] = []
        for case let relative as String in walker where relative.hasSuffix(".har") {
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            names.append(relative)
        }
        return names.sorted()
    }

    /// Whether `path` names a folder (`false` for a file), or `nil` when nothing is there.
    package static func isFolder(_ path: String) -> Bool? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue
    }

    /// Loads every recording under `folder` whose relative path `selected` keeps (all by default).
    public static func load(_ folder: URL, selected: (String) -> Bool = { _ in true }) throws(VerifyError) -> [LoadedRecording] {
        try files(in: folder).filter(selected).map { name throws(VerifyError) in
            try LoadedRecording(contentsOf: folder.appendingPathComponent(name), name: name)
        }
    }
}
