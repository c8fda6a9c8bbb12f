/// A content coding replay can send a body in (RFC 9110 §8.4.1), and the choice of one for a
/// request from its `Accept-Encoding` (RFC 9110 §12.5.3).
///
/// ```swift
/// ReplayContentCoding.choose(recorded: .gzip, acceptEncoding: nil, available: [.identity, .gzip])        // .identity
/// ReplayContentCoding.choose(recorded: .gzip, acceptEncoding: "gzip, deflate", available: [.identity, .gzip]) // .gzip
/// ```
package enum ReplayContentCoding: String, Sendable, Hashable, CaseIterable {
    /// No coding: the body as it is.
    case identity
    /// gzip (RFC 1952); `x-gzip` is the same coding (RFC 9110 §8.4.1.3).
    case gzip
    /// The zlib format (RFC 1950), which HTTP calls `deflate` (RFC 9110 §8.4.1.2).
    case deflate

    /// The coding a `Content-Encoding` value names: none (or empty) is identity; `nil` for a
    /// coding replay cannot produce (`br`, `zstd`, a list of several).
    package init?(contentEncoding value: String?) {
        let name = (value ?? "").trimmingSpaces.lowercased()
        switch name {
        case "", "identity": self = .identity
        case "gzip", "x-gzip": self = .gzip
        case "deflate": self = .deflate
        default: return nil
        }
    }

    /// The coding to send a body recorded in `recorded` in, for a request whose `Accept-Encoding`
    /// is `acceptEncoding`, among the `available` codings (identity always is).
    ///
    /// No `Accept-Encoding` at all gets identity: a client that did not ask (a plain `curl`)
    /// never gets a compressed body. Otherwise the acceptable coding with the highest weight
    /// wins, ties going to the recorded coding (what the server sent), then identity. Identity
    /// is acceptable unless refused (`identity;q=0`, or `*;q=0` without `identity`); when
    /// nothing is acceptable, identity is sent anyway (RFC 9110 §12.5.3 lets a server send no
    /// coding rather than refuse), so the recorded status stays.
    package static func choose(recorded: ReplayContentCoding, acceptEncoding: String?,
                               available: Set<ReplayContentCoding>) -> ReplayContentCoding {
        guard let acceptEncoding else { return .identity }
        let weights = weights(in: acceptEncoding)
        var order = [recorded, .identity] + allCases
        order = order.enumerated().filter { item in !order[..<item.offset].contains(item.element) }.map(\.element)
        var best: (coding: ReplayContentCoding, weight: Int)?
        for coding in order where coding == .identity || available.contains(coding) {
            let weight = weight(of: coding, in: weights)
            if weight > 0, weight > (best?.weight ?? 0) { best = (coding, weight) }
        }
        return best?.coding ?? .identity
    }

    /// The weight (in thousandths, RFC 9110 §12.4.2) the parsed header gives `coding`.
    private static func weight(of coding: ReplayContentCoding, in weights: [String: Int]) -> Int {
        let names = coding == .gzip ? ["gzip", "x-gzip"] : [coding.rawValue]
        if let explicit = names.compactMap({ weights[$0] }).max() { return explicit }
        if coding == .identity {
            // Acceptable by default; `*;q=0` refuses it along with every coding not listed.
            return weights["*"] == 0 ? 0 : 1000
        }
        return weights["*"] ?? 0
    }

    /// Each coding of an `Accept-Encoding` value with its weight in thousandths, names in lower
    /// case; an element whose weight is not a qvalue is left out (RFC 9110 §12.4.2).
    static func weights(in value: String) -> [String: Int] {
        var weights: [String: Int] = [:]
        for element in value.split(separator: ",") {
            let parts = element.split(separator: ";")
            guard let name = parts.first?.trimmingSpaces.lowercased(), !name.isEmpty else { continue }
            var weight: Int? = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
                if pair.count == 2, pair[0].lowercased() == "q" { weight = qvalue(pair[1]) }
            }
            if let weight { weights[name] = max(weights[name] ?? 0, weight) }
        }
        return weights
    }

    /// A qvalue (`0`, `0.5`, `1.000`) in thousandths; `nil` for anything else.
    static func qvalue(_ text: String) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole == "0" || whole == "1" else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= 3, fraction.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        let thousandths = Int(fraction.padding(toLength: 3)) ?? 0
        if whole == "1" { return thousandths == 0 ? 1000 : nil }
        return thousandths
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (optional whitespace, RFC 9110 §5.6.3).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }

    /// Padded on the right with `0` to `length` characters.
    fileprivate func padding(toLength length: Int) -> String {
        String(self) + String(repeating: "0", count: Swift.max(0, length - count))
    }
}
