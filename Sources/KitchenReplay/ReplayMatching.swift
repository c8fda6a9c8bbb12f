import KitchenRecording

/// How a recording's requests are matched: the body fields whose values are ignored, and the base
/// path the recorded paths are under. Both describe the recorded API: the layer that knows the API
/// supplies the volatile fields, and may name the base path (KitchenReproduce's
/// `ReplayMatching.kitchen` infers it from the Kitchen API's operations); without one, the engine
/// infers it from the recorded paths when a request needs it (`BasePathInference`).
///
/// ```swift
/// let engine = ReplayMatching(volatile: .kitchen, basePath: { _ in "/api/v1" }).engine(document)
/// ```
public struct ReplayMatching: Sendable {
    /// The body fields ignored when matching.
    public var volatile: VolatileFields
    /// The percent-decoded path prefix a recording was made under (`""`: the recorded paths are
    /// taken as they are): a request without it matches as if it had it. `nil`: the engine
    /// infers it at match time (``ReplayEngine/namedBasePath``).
    public var basePath: (@Sendable (HAR.Document) -> String)?

    /// Matching that ignores `volatile`; by default the base path is inferred at match time.
    public init(volatile: VolatileFields, basePath: (@Sendable (HAR.Document) -> String)? = nil) {
        self.volatile = volatile
        self.basePath = basePath
    }

    /// An engine answering from `document` with this matching.
    public func engine(_ document: HAR.Document, mode: ReplayMode = .once) -> ReplayEngine {
        ReplayEngine(document: document, mode: mode, volatile: volatile, basePath: basePath?(document))
    }
}
