import Synchronization

/// Where ``APIService`` keeps the bearer token between calls. On iOS an app
/// can back this with the Keychain; tests and the harness use
/// ``InMemoryTokenStore``.
public protocol TokenStore: Sendable {
    /// The current token, or `nil` when signed out.
    var token: String? { get }
    /// Replaces the current token (`nil` signs out).
    func setToken(_ token: String?)
}

/// A token held in memory, safe to share across tasks.
///
/// ```swift
/// let store = InMemoryTokenStore(token: "abc")
/// let api = APIService(baseURL: url, tokenStore: store)
/// ```
public final class InMemoryTokenStore: TokenStore {
    private let storage: Mutex<String?>

    /// A store holding `token` (none by default).
    public init(token: String? = nil) {
        storage = Mutex(token)
    }

    /// The current token.
    public var token: String? { storage.withLock { $0 } }

    /// Replaces the current token.
    public func setToken(_ token: String?) {
        storage.withLock { $0 = token }
    }
}
