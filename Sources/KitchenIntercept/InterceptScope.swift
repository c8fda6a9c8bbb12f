import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenReplay

/// One test's interception: while ``run(isolation:_:)`` runs, `URLSession` requests attributed to
/// this scope (see ``InterceptIsolation``) are answered from a recording by a ``ReplayEngine`` —
/// the same matching and diagnostics as `kitchen replay` — or forwarded through a
/// ``LiveRecording``. The `.replaying` trait of KitchenSwiftTesting makes one per test.
///
/// ```swift
/// let scope = InterceptScope(replaying: ReplayEngine(document: try HARFile.load(from: url), volatile: .kitchen))
/// try await scope.run {
///     let (data, _) = try await URLSession.shared.data(from: URL(string: "https://kitchen.example/devices")!)
///     let session = URLSession(configuration: scope.configuration(.ephemeral))   // marked: any thread
/// }
/// ```
public final class InterceptScope: Sendable {
    /// Where answers come from.
    enum Backend: Sendable {
        case replay(ReplayEngine)
        case record(LiveRecording)
    }

    /// The marker a request carries to name this scope: the value of ``markerHeader``.
    public let id: String
    /// The number of this scope's own interceptor class (``ScopedSessionInterceptor``).
    let slot: Int
    let backend: Backend

    /// The header ``mark(_:)`` sets: a request carrying it is attributed to the scope it names,
    /// whichever session sends it and whichever thread resumes it. It never reaches a server.
    public static let markerHeader = "X-Kitchen-Replay-Scope"

    /// The scope of the running test, set by ``run(isolation:_:)``.
    @TaskLocal public static var current: InterceptScope?

    /// Answers from `engine`.
    public convenience init(replaying engine: ReplayEngine) { self.init(backend: .replay(engine)) }

    /// Forwards to `recording`'s recorder.
    public convenience init(recording: LiveRecording) { self.init(backend: .record(recording)) }

    /// A scope with a marker and an interceptor slot of its own.
    init(backend: Backend) {
        id = UUID().uuidString
        slot = InterceptRegistry.shared.newSlot()
        self.backend = backend
    }

    /// `base` with this scope's own interceptor class first in `protocolClasses`: every session
    /// made from it is answered by this scope, whatever thread, queue or task resumes its
    /// requests (completion handlers, dispatch queues, detached tasks), and fails once the scope
    /// has ended. Caching is switched off (a cache would answer instead of the recording).
    public func configuration(_ base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        install(in: base)
        return base
    }

    /// Installs this scope's interceptor class in a configuration the test hands over (the
    /// app's own), replacing any earlier scope's; its other settings are kept.
    public func install(in configuration: URLSessionConfiguration) {
        let others = (configuration.protocolClasses ?? []).filter { !($0 is InterceptURLProtocol.Type) }
        configuration.protocolClasses = [InterceptorSlots.interceptorClass(for: slot)] + others
        configuration.urlCache = nil
    }

    /// Marks `request` as this scope's (the ``markerHeader`` header): on `URLSession.shared`, or
    /// any session the interceptor reaches, it is answered by this scope wherever it is resumed,
    /// and fails once the scope has ended. The header is removed before anything is forwarded.
    public func mark(_ request: inout URLRequest) {
        request.setValue(id, forHTTPHeaderField: Self.markerHeader)
    }

    /// Runs `body` with this scope installed and current; removes it after, even when `body` throws.
    /// With ``InterceptIsolation/process`` it first waits for the process-wide lock.
    public nonisolated(nonsending) func run(isolation: InterceptIsolation = .platformDefault,
                                            _ body: nonisolated(nonsending) () async throws -> Void) async throws {
        let registry = InterceptRegistry.shared
        if isolation == .process {
            await registry.isolationLocks.acquire(.process)
            registry.holdProcess(self)
        }
        registry.activate(self)
        defer {
            registry.deactivate(self)
            if isolation == .process {
                registry.holdProcess(nil)
                registry.isolationLocks.release(.process)
            }
        }
        try await Self.$current.withValue(self) {
            try await body()
        }
    }
}
