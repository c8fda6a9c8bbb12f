import Foundation

/// The `#if` blocks of a file's code lines: where each starts, its branches' conditions,
/// whether its `#else` raises an `#error`, and which conditions hold at a line.
struct ConditionalBlocks {
    struct Block {
        /// The `#if` line, 1-based.
        let line: Int
        /// The `#if` and `#elseif` conditions, in order.
        var conditions: [String]
        /// Whether an `#else` branch holds an `#error`.
        var elseRaisesError = false
        var hasElse = false
        /// The `#endif` line.
        var endLine = 0
        /// How deep it sits (0: not inside another block).
        let depth: Int

        /// Whether all of the file's code sits in this block's one branch.
        func isWholeFile(of blocks: ConditionalBlocks) -> Bool {
            depth == 0 && conditions.count == 1 && !hasElse && blocks.codeLinesOutsideBlocks == 0
                && blocks.blocks.filter({ $0.depth == 0 }).count == 1
        }
    }

    private(set) var blocks: [Block] = []
    /// Per line (index 0 is line 1), the conditions of the branches it sits in (`#else`: none).
    private var active: [[String]] = []
    /// Non-blank lines of code outside every block.
    private(set) var codeLinesOutsideBlocks = 0

    init(_ lines: [String]) {
        // Each open block: its index in `blocks`, and the condition of the branch being read.
        var open: [(block: Int, condition: String?)] = []
        for (index, line) in lines.enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            let number = index + 1
            if text.hasPrefix("#if ") {
                let condition = String(text.dropFirst(4))
                blocks.append(Block(line: number, conditions: [condition], depth: open.count))
                open.append((blocks.count - 1, condition))
            } else if text.hasPrefix("#elseif "), let current = open.popLast() {
                let condition = String(text.dropFirst(8))
                blocks[current.block].conditions.append(condition)
                open.append((current.block, condition))
            } else if text == "#else", let current = open.popLast() {
                blocks[current.block].hasElse = true
                open.append((current.block, nil))
            } else if text == "#endif", let current = open.popLast() {
                blocks[current.block].endLine = number
            } else if text.hasPrefix("#error"), let current = open.last, current.condition == nil {
                blocks[current.block].elseRaisesError = true
            } else if open.isEmpty, !text.isEmpty {
                codeLinesOutsideBlocks += 1
            }
            active.append(open.compactMap(\.condition))
        }
    }

    /// The conditions that hold at `line` (1-based).
    func activeConditions(atLine line: Int) -> [String] {
        active.indices.contains(line - 1) ? active[line - 1] : []
    }
}
