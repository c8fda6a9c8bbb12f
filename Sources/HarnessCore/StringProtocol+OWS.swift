extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (RFC 9110 §5.6.3's OWS), as
    /// header values and their list elements are read. Cheaper than Foundation's
    /// `trimmingCharacters(in:)`, which goes through `NSString` on Linux.
    ///
    /// ```swift
    /// " gzip ;q=0.5\t".trimmingOWS()   // "gzip ;q=0.5"
    /// ```
    package func trimmingOWS() -> Substring {
        let text = Substring(self)
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return text[start..<Swift.max(start, end)]
    }
}
