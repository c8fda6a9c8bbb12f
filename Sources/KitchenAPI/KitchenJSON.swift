import Foundation
import HarnessCore

/// The one place that configures JSON coding for the Kitchen API, so every
/// body, fixture and WebSocket frame agrees on dates and key order.
///
/// Dates travel as ISO 8601 UTC with exactly three fractional digits
/// (`2026-11-20T10:15:30.123Z`) through ``HarnessCore/Timestamp``, which keeps
/// whole milliseconds exact across a round trip.
///
/// ```swift
/// let data = try KitchenJSON.makeEncoder().encode(OvenState.defaultOvenState)
/// let state = try KitchenJSON.makeDecoder().decode(OvenState.self, from: data)
/// ```
public enum KitchenJSON {
    /// An encoder that writes API dates and sorts object keys, so output is deterministic.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.format(date))
        }
        return encoder
    }

    /// A decoder that reads API dates. It accepts any RFC 3339 `date-time`
    /// (a tolerant reader); whether the server wrote the canonical form is the
    /// contract checker's business, not the app's.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Timestamp.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO 8601 date-time, found \"\(text)\".")
            }
            return date
        }
        return decoder
    }

    /// A shared decoder for hot paths (one per WebSocket frame would be wasteful).
    /// `JSONDecoder` is `Sendable` and decoding does not mutate its configuration.
    static let sharedDecoder = makeDecoder()
}
