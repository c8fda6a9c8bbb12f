extension Duration {
    /// The duration in whole milliseconds, truncated toward zero: `.microseconds(1_999)` is 1,
    /// `.microseconds(-1_999)` is -1.
    package var truncatedMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// The duration in seconds as a `TimeInterval`, for `Date` arithmetic.
    package var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
