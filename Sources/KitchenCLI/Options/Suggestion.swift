/// "Did you mean": the known name nearest a mistyped one, when it is near enough.
enum Suggestion {
    /// ` (did you mean '--port'?)`, or `""` when no name is near `typed`.
    static func didYouMean(_ typed: String, among names: [String], prefix: String = "") -> String {
        nearest(to: typed, among: names).map { " (did you mean '\(prefix)\($0)'?)" } ?? ""
    }

    /// The name `typed` begins (when only one does), else the one at the smallest edit distance
    /// (a swap of two neighbours counts one edit), if at most a third of its letters differ.
    static func nearest(to typed: String, among names: [String]) -> String? {
        let extended = names.filter { $0.hasPrefix(typed) }
        if !typed.isEmpty, extended.count == 1 { return extended[0] }
        let scored = names.map { ($0, distance(typed, $0)) }.filter { $0.1 <= max(1, $0.0.count / 3) }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
    static func distance(_ first: String, _ second: String) -> Int {
        let a = Array(first), b = Array(second)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
