/// A Swift file's lines with comments blanked out (string literals kept), one entry per
/// source line so line numbers still match.
enum CodeLines {
    static func strippingComments(_ source: String) -> [String] {
        var inBlockComment = false
        var inMultilineString = false
        return source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var kept = ""
            var inString = false
            var index = line.startIndex
            while index < line.endIndex {
                let rest = line[index...]
                if inBlockComment {
                    if rest.hasPrefix("*/") {
                        inBlockComment = false
                        index = line.index(index, offsetBy: 2)
                    } else {
                        index = line.index(after: index)
                    }
                    continue
                }
                if rest.hasPrefix("\"\"\"") {
                    inMultilineString.toggle()
                    kept += "\"\"\""
                    index = line.index(index, offsetBy: 3)
                    continue
                }
                if !inMultilineString, !inString, rest.hasPrefix("//") { break }
                if !inMultilineString, !inString, rest.hasPrefix("/*") {
                    inBlockComment = true
                    index = line.index(index, offsetBy: 2)
                    continue
                }
                let character = line[index]
                if !inMultilineString {
                    if character == "\\", inString {
                        kept.append(character)
                        index = line.index(after: index)
                        if index < line.endIndex { kept.append(line[index]) ; index = line.index(after: index) }
                        continue
                    }
                    if character == "\"" { inString.toggle() }
                }
                kept.append(character)
                index = line.index(after: index)
            }
            return kept
        }
    }
}
