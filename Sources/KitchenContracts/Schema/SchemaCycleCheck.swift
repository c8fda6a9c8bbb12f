/// Finds schemas that reach themselves through `$ref`, `allOf`, `anyOf`, `oneOf` or a
/// discriminator alone. Such a loop evaluates the same instance location forever, so it is
/// refused at load time. Recursion through `properties`, `items` or `additionalProperties`
/// is fine: each step goes one level deeper into a finite instance.
enum SchemaCycleCheck {
    /// The schema paths of the first in-place loop found, first element repeated at the end;
    /// `nil` when there is none.
    static func firstInPlaceCycle(in graph: SchemaGraph) -> [String]? {
        var state = [UInt8](repeating: 0, count: graph.nodes.count)  // 0 new, 1 on the path, 2 done
        var path: [Int] = []

        func inPlaceEdges(_ index: Int) -> [Int] {
            let rules = graph.nodes[index].rules
            let single = [rules.not, rules.conditional?.condition, rules.conditional?.then, rules.conditional?.otherwise,
                          rules.dynamicReference?.target, rules.reference].compactMap { $0 }
            let discriminated = rules.discriminator.map { discriminator in
                discriminator.values.compactMap { discriminator.branches[$0] }
            } ?? []
            return rules.allOf + rules.anyOf + rules.oneOf + rules.dependentSchemas.map(\.node) + single + discriminated
        }

        func visit(_ index: Int) -> [String]? {
            state[index] = 1
            path.append(index)
            for next in inPlaceEdges(index) {
                // A node in state 1 is on the current path.
                if state[next] == 1, let loopStart = path.firstIndex(of: next) {
                    return (path[loopStart...] + [next]).map { graph.nodes[$0].schemaPath }
                }
                if state[next] == 0, let loop = visit(next) { return loop }
            }
            path.removeLast()
            state[index] = 2
            return nil
        }

        for index in graph.nodes.indices where state[index] == 0 {
            if let loop = visit(index) { return loop }
        }
        return nil
    }
}
