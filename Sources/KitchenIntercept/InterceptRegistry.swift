import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The process-wide side of interception: which scopes are running, the globally registered
/// protocol class while any is, and the holder of the ``InterceptIsolation/process`` lock.
///
/// Lock order: FoundationNetworking calls `canInit(with:)` while holding its own lock on the
/// registered classes, and `canInit` reads `activeCount`; so `registerClass` and
/// `unregisterClass` are called under `installation` only, never under `scopes`.
final class InterceptRegistry: Sendable {
    static let shared = InterceptRegistry()

    /// Held by a scope with ``InterceptIsolation/process`` (its key) while it runs.
    let isolationLocks = WaitingLocks<InterceptIsolation>()
    /// The running scopes by marker and by interceptor slot.
    private let scopes = Mutex<(byMarker: [String: InterceptScope], bySlot: [Int: InterceptScope])>(([:], [:]))
    /// The last interceptor slot handed out; slots are never reused, so a session outliving its
    /// scope cannot reach a later one.
    private let lastSlot = Atomic<Int>(0)
    private let processHolder = Mutex<InterceptScope?>(nil)
    private let activeCount = Atomic<Int>(0)
    /// Scopes running, and whether `URLSession.shared` was prepared (done once per process).
    private let installation = Mutex<(count: Int, sharedPrepared: Bool)>((0, false))

    /// Whether any scope is running; read by `canInit(with:)` on every request of the process.
    var isActive: Bool { activeCount.load(ordering: .acquiring) > 0 }

    func activate(_ scope: InterceptScope) {
        scopes.withLock { scopes in
            scopes.byMarker[scope.id] = scope
            scopes.bySlot[scope.slot] = scope
        }
        installation.withLock { installation in
            installation.count += 1
            if installation.count == 1 {
                _ = URLProtocol.registerClass(SharedSessionInterceptor.self)
            }
            if !installation.sharedPrepared {
                Self.prepareSharedSession()
                installation.sharedPrepared = true
            }
            activeCount.store(installation.count, ordering: .releasing)
        }
    }

    func deactivate(_ scope: InterceptScope) {
        installation.withLock { installation in
            installation.count -= 1
            activeCount.store(installation.count, ordering: .releasing)
            if installation.count == 0 {
                URLProtocol.unregisterClass(SharedSessionInterceptor.self)
            }
        }
        scopes.withLock { scopes in
            scopes.byMarker[scope.id] = nil
            scopes.bySlot[scope.slot] = nil
        }
    }

    /// The running scope whose marker is `id`.
    func scope(marker id: String) -> InterceptScope? { scopes.withLock { $0.byMarker[id] } }

    /// The running scope whose interceptor class stands for `slot`.
    func scope(slot: Int) -> InterceptScope? { scopes.withLock { $0.bySlot[slot] } }

    /// A slot no scope has had yet (from 1).
    func newSlot() -> Int { lastSlot.wrappingAdd(1, ordering: .relaxed).newValue }

    var processScope: InterceptScope? { processHolder.withLock { $0 } }

    func holdProcess(_ scope: InterceptScope?) { processHolder.withLock { $0 = scope } }

    /// Puts the interceptor in front of `URLSession.shared` on FoundationNetworking (Swift
    /// 6.3.1, Linux): the shared session copies the registered classes when it is first used,
    /// and the built-in HTTP handler registered before ours answers first, so registering alone
    /// reaches it only if nothing touched `URLSession.shared` before. Its `configuration` is the
    /// session's own object there, so the interceptor goes first in it. The shared URL cache is
    /// switched off: with a cache the protocol object is made on a cache thread, where the
    /// test's task-local cannot be read, and a cached answer would bypass the recording.
    /// Both stay for the life of the process; with no scope running, the interceptor declines
    /// every request. The change is made once, when the first scope starts; a shared-session
    /// request resumed on another thread at that very moment races it (FoundationNetworking
    /// reads these properties without a lock), which is why it is never undone. On Apple platforms `configuration` returns a copy, and registering is
    /// what reaches the shared session (per Apple), so nothing is done there.
    private static func prepareSharedSession() {
        #if canImport(FoundationNetworking)
        let configuration = URLSession.shared.configuration
        // First, even when the shared session was made after registering: it copied the classes
        // in registration order, and the built-in HTTP handler may come before ours.
        let others = (configuration.protocolClasses ?? []).filter { $0 != SharedSessionInterceptor.self }
        configuration.protocolClasses = [SharedSessionInterceptor.self] + others
        configuration.urlCache = nil
        #endif
    }
}
