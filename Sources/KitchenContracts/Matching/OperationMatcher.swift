/// What a request matched.
public enum OperationMatch: Sendable {
    /// An operation, with its path parameters decoded (`["deviceId": "abc d"]`).
    case operation(OpenAPIOperation, pathParameters: [String: String])
    /// A path template matched but declares no operation for the method.
    case methodNotAllowed(pathTemplate: String, allowedMethods: [String])
}

/// Finds the operation a request is for, by method and path template.
///
/// ```swift
/// let matcher = OperationMatcher(contract: contract)
/// let match = matcher.match(method: "GET", target: "/devices/abc%20d/oven?compartment=upper")
/// if case .operation(let op, let parameters)? = match {
///     op.operationId            // "getOvenState"
///     parameters["deviceId"]    // "abc d"
/// }
/// ```
///
/// Templates are compiled into a segment tree once. A literal segment beats a template
/// segment at the same position (OpenAPI 3.1 §4.8.8.2: concrete paths match before
/// templated ones), falling back to the template when the literal branch leads nowhere.
/// Among the paths that match, the first by that precedence which declares the method wins;
/// only when none does is the answer `methodNotAllowed`, for the best-matching path.
public struct OperationMatcher: Sendable {
    private struct Node: Sendable {
        /// The next node by segment: a literal's text, or `nil` for a template parameter.
        var children: [String?: Int] = [:]
        /// Method → operation index, for templates ending here.
        var methods: [String: Int] = [:]
        var template: String?
    }

    private var nodes: [Node] = [Node()]
    private let operations: [OpenAPIOperation]
    private let parameterNames: [[String]]

    /// A matcher for every operation of `contract`.
    public init(contract: OpenAPIContract) {
        self.init(operations: contract.operations)
    }

    /// A matcher for `operations`.
    public init(operations: [OpenAPIOperation]) {
        self.operations = operations
        self.parameterNames = operations.map { PathTemplate.parameterNames(in: $0.pathTemplate) }
        for (index, operation) in operations.enumerated() {
            var current = 0
            for segment in PathTemplate(operation.pathTemplate).segments {
                let key: String? = if case .literal(let text) = segment { text } else { nil }
                if let next = nodes[current].children[key] {
                    current = next
                    continue
                }
                nodes.append(Node())
                nodes[current].children[key] = nodes.count - 1
                current = nodes.count - 1
            }
            nodes[current].methods[operation.method] = nodes[current].methods[operation.method] ?? index
            nodes[current].template = nodes[current].template ?? operation.pathTemplate
        }
    }

    /// The match for `method` (any case) and `target` (origin form or absolute URL);
    /// `nil` when no path template matches or the target is malformed.
    public func match(method: String, target: String) -> OperationMatch? {
        guard let parsed = RequestTarget(target) else { return nil }
        return match(method: method, pathSegments: parsed.pathSegments)
    }

    /// The match for `method` and already-decoded path segments.
    public func match(method: String, pathSegments: [String]) -> OperationMatch? {
        let wanted = method.uppercased()
        var values: [String] = []
        var firstPath: Int?
        // `search` only returns a node that has `wanted`.
        if let (node, found) = search(0, pathSegments[...], &values, wanted, &firstPath),
           let index = nodes[node].methods[wanted]
        {
            var parameters: [String: String] = [:]
            for (name, value) in zip(parameterNames[index], found) { parameters[name] = value }
            return .operation(operations[index], pathParameters: parameters)
        }
        guard let firstPath else { return nil }
        return .methodNotAllowed(
            pathTemplate: nodes[firstPath].template ?? "", allowedMethods: nodes[firstPath].methods.keys.sorted())
    }

    /// Depth-first, literal before parameter. Returns the first end node declaring `method`
    /// with the parameter values on the way; notes the first end node reached at all.
    private func search(
        _ node: Int, _ rest: ArraySlice<String>, _ values: inout [String], _ method: String, _ firstPath: inout Int?
    ) -> (Int, [String])? {
        guard let segment = rest.first else {
            guard nodes[node].template != nil else { return nil }
            if firstPath == nil { firstPath = node }
            return nodes[node].methods[method] != nil ? (node, values) : nil
        }
        if let literal = nodes[node].children[segment],
           let found = search(literal, rest.dropFirst(), &values, method, &firstPath) {
            return found
        }
        // A template segment stands for one non-empty segment value.
        if let parameter = nodes[node].children[.none], !segment.isEmpty {
            values.append(segment)
            defer { values.removeLast() }
            if let found = search(parameter, rest.dropFirst(), &values, method, &firstPath) { return found }
        }
        return nil
    }
}
