import Foundation

/// The repository's root folder, found from this file's location (tests may run from any directory).
///
/// ```swift
/// let recordings = RepositoryRoot.url.appendingPathComponent("Recordings")
/// ```
public enum RepositoryRoot {
    /// The folder holding `Package.swift`.
    public static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
