import HarnessCore

extension KitchenWorld {
    /// What a successful login returns.
    struct Session: Sendable {
        let token: String
        let expiresAt: Int64
        let userID: String
        let username: String
    }

    /// Checks credentials, creates the kitchen on first login and issues a token.
    mutating func login(username: String, password: String) -> Result<Session, APIError> {
        guard let account = accounts[username], account.password == password else { return .failure(.badCredentials) }
        createKitchenIfNeeded(for: username)
        var token = ""
        repeat { token = "tok_" + randomHex(32) } while tokens[token] != nil
        let expiresAt = now + Int64(configuration.tokenTTLSeconds) * 1000
        tokens[token] = Token(username: username, expiresAt: expiresAt)
        issuedTokens.append(token)
        return .success(Session(token: token, expiresAt: expiresAt, userID: account.id, username: username))
    }

    /// The user a token belongs to, if it is known, not revoked and not expired.
    func user(forToken token: String) -> String? {
        guard let record = tokens[token], !record.isRevoked, record.expiresAt > now else { return nil }
        return record.username
    }

    /// Revokes `token`.
    mutating func revoke(token: String) {
        tokens[token]?.isRevoked = true
    }

    /// Revokes every live token (of `username` when given); returns them.
    mutating func revokeTokens(of username: String?) -> [String] {
        let affected = liveTokens(of: username)
        for token in affected { tokens[token]?.isRevoked = true }
        return affected
    }

    /// Makes every live token (of `username` when given) expire now; returns them.
    mutating func expireTokens(of username: String?) -> [String] {
        let affected = liveTokens(of: username)
        let now = self.now
        for token in affected { tokens[token]?.expiresAt = now }
        return affected
    }

    /// Tokens that are live in the record but past their expiry at `now` (the ticker closes their sockets).
    func expiredTokens() -> Set<String> {
        let now = self.now
        return Set(tokens.filter { !$0.value.isRevoked && $0.value.expiresAt <= now }.keys)
    }

    private func liveTokens(of username: String?) -> [String] {
        tokens.filter { !$0.value.isRevoked && $0.value.expiresAt > now && (username == nil || $0.value.username == username) }
            .keys.sorted()
    }
}
