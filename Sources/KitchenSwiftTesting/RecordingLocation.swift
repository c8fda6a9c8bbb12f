import Foundation

/// Where a `.replaying` test's recording is, or will be written.
struct RecordingLocation: Sendable {
    let path: String
    /// The test's source file (`#filePath`).
    let sourceFile: String

    /// The recording, if it exists: an absolute path as is; a relative one from the current
    /// directory, then from the test file's folder upwards (so `Recordings/…` works from any target).
    func existing(fileManager: FileManager = .default) -> URL? {
        if path.hasPrefix("/") {
            return fileManager.fileExists(atPath: path) ? URL(fileURLWithPath: path) : nil
        }
        let here = URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent(path)
        if fileManager.fileExists(atPath: here.path) { return here }
        return folderAboveTest { fileManager.fileExists(atPath: $0.appendingPathComponent(path).path) }?.appendingPathComponent(path)
    }

    /// Where a new recording goes: an absolute path as is; a relative one below the root of the
    /// package the test belongs to, so that the file lands beside the tests that replay it.
    func destination(fileManager: FileManager = .default) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return packageRoot(fileManager: fileManager).appendingPathComponent(path)
    }

    /// The nearest folder above the test file holding a `Package.swift`; else the current directory.
    func packageRoot(fileManager: FileManager = .default) -> URL {
        folderAboveTest { fileManager.fileExists(atPath: $0.appendingPathComponent("Package.swift").path) }
            ?? URL(fileURLWithPath: fileManager.currentDirectoryPath)
    }

    /// The nearest folder holding the test file, or above it, that `matches`.
    private func folderAboveTest(where matches: (URL) -> Bool) -> URL? {
        var folder = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
        while folder.path != "/" {
            if matches(folder) { return folder }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}
