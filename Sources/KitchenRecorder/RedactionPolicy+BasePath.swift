import KitchenRecording

extension RedactionPolicy {
    /// The same policy for an upstream under `basePath`: route rules name API paths
    /// (`/auth/login`), and the recorder sees them as the upstream does (`/api/v1/auth/login`).
    func underBasePath(_ basePath: String) -> RedactionPolicy {
        guard !basePath.isEmpty else { return self }
        var policy = self
        policy.rules = rules.map { rule in
            guard case .bodyField(let method, let path, let message, let field) = rule.place else { return rule }
            return Rule(.bodyField(method: method, path: basePath + path, message: message, field: field), kind: rule.kind)
        }
        return policy
    }
}
