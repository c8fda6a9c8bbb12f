import Foundation

/// The answer to `POST /auth/login`.
///
/// ```swift
/// let session = try await api.login(username: "demo", password: "demo")
/// print(session.user.username, session.expiresAt)
/// ```
public struct LoginResponse: Codable, Equatable, Hashable, Sendable {
    /// The bearer token for every other route.
    public var token: String
    /// When the token stops being accepted.
    public var expiresAt: Date
    /// The signed-in user.
    public var user: User

    /// A login response.
    public init(token: String, expiresAt: Date, user: User) {
        self.token = token
        self.expiresAt = expiresAt
        self.user = user
    }
}

/// A signed-in user.
public struct User: Codable, Equatable, Hashable, Sendable {
    /// The user id.
    public var id: String
    /// The name the user signs in with.
    public var username: String

    /// A user.
    public init(id: String, username: String) {
        self.id = id
        self.username = username
    }
}
