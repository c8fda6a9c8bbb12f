import KitchenRecording

extension RedactionPolicy {
    /// The same policy for an upstream under `basePath`: body rules name API paths
    /// (`/auth/login`), and the recorder sees them as the upstream does (`/api/v1/auth/login`).
    func underBasePath(_ basePath: String) -> RedactionPolicy {
        guard !basePath.isEmpty else { return self }
        var policy = self
        policy.bodyFields = bodyFields.map { rule in
            var moved = rule
            moved.path = basePath + rule.path
            return moved
        }
        return policy
    }
}
