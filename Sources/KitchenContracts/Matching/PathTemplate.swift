/// A path template such as `/devices/{deviceId}/oven`, split into segments once
/// (OpenAPI 3.1 §4.8.8.2: each `{name}` stands for exactly one whole segment).
struct PathTemplate: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let text: String
    let segments: [Segment]

    init(_ text: String) {
        self.text = text
        segments = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { raw in
            if raw.count >= 2, raw.first == "{", raw.last == "}" { return .parameter(String(raw.dropFirst().dropLast())) }
            return .literal(String(raw))
        }
    }

    /// The `{name}`s in `template`, in order.
    static func parameterNames(in template: String) -> [String] {
        PathTemplate(template).segments.compactMap {
            if case .parameter(let name) = $0 { return name }
            return nil
        }
    }

    /// The template with parameter names erased (`/devices/{}/oven`), so that renaming a
    /// parameter does not make two versions of a contract look like different paths.
    var shape: String {
        "/" + segments.map {
            switch $0 {
            case .literal(let text): text
            case .parameter: "{}"
            }
        }.joined(separator: "/")
    }
}
