import KitchenRecording

/// How a recording's requests are matched: the body fields whose values are ignored, and the base
/// path the recorded paths are under. Both describe the recorded API, so the layer that knows the
/// API supplies them (KitchenReproduce's `ReplayMatching.kitchen` infers the base path from the
/// Kitchen API's operations).
///
/// ```swift
/// let engine = ReplayMatching(volatile: .kitchen, basePath: { _ in "/api/v1" }).engine(document)
/// ```
public struct ReplayMatching: Sendable {
    /// The body fields ignored when matching.
    public var volatile: VolatileFields
    /// The percent-decoded path prefix a recording was made under (`""` for none): a request
    /// without it matches as if it had it.
    public var basePath: @Sendable (HAR.Document) -> String

    /// Matching that ignores `volatile`; by default the recorded paths are taken as they are.
    public init(volatile: VolatileFields, basePath: @escaping @Sendable (HAR.Document) -> String = { _ in "" }) {
        self.volatile = volatile
        self.basePath = basePath
    }

    /// An engine answering from `document` with this matching.
    public func engine(_ document: HAR.Document, mode: ReplayMode = .once) -> ReplayEngine {
        ReplayEngine(document: document, mode: mode, volatile: volatile, basePath: basePath(document))
    }
}
