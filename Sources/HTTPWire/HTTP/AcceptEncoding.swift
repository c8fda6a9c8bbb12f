/// A client's `Accept-Encoding` (RFC 9110 §12.5.3): which content codings it takes, with what weight.
///
/// ```swift
/// let accept = AcceptEncoding(headerValues: ["gzip;q=0.8, br, *;q=0"])
/// accept.accepts(.gzip)                          // true
/// accept.accepts(.identity)                      // false: `*;q=0` and no entry of its own
/// accept.choose(from: [.gzip, .identity])        // .gzip
/// AcceptEncoding.narrowed(["gzip, deflate, br"])  // "gzip, deflate"
/// ```
package struct AcceptEncoding: Sendable {
    /// One element of the list.
    package struct Preference: Sendable, Hashable {
        /// The coding, or nil for `*` (every coding not listed).
        package var coding: ContentCoding?
        /// The weight in thousandths (§12.4.2: q has at most three decimals), 1000 when absent.
        package var quality: Int
        /// The element as the client wrote it, without surrounding whitespace.
        package var text: Substring
        /// What follows the coding name (`;q=0.5`), as written.
        package var parameters: Substring
    }

    /// The elements in order, or nil when the request had no `Accept-Encoding` at all.
    /// Malformed elements (a bad name or q-value) are left out.
    package let preferences: [Preference]?

    /// The preferences of `headerValues` (every `Accept-Encoding` field of the request). No field at
    /// all means any coding is acceptable; a field with an empty value means only identity (§12.5.3).
    package init(headerValues: [String]) {
        preferences = headerValues.isEmpty ? nil : HTTPHeaders.listElements(headerValues).compactMap(Self.preference)
    }

    /// Whether a body in `coding` is acceptable. Identity is, unless `identity;q=0`, or `*;q=0`
    /// without an entry for identity, excludes it (§12.5.3).
    package func accepts(_ coding: ContentCoding) -> Bool {
        weight(of: coding) != nil
    }

    /// Of `offered` (in our order of preference), the one to use, or nil when none is acceptable:
    /// the client's highest weight wins and ties go to our order. Identity acceptable only by default
    /// ranks below every coding the client named. With no header at all, identity if offered.
    package func choose(from offered: [ContentCoding]) -> ContentCoding? {
        if preferences == nil { return offered.contains(.identity) ? .identity : offered.first }
        let acceptable = offered.compactMap { coding in weight(of: coding).map { (coding: coding, weight: $0) } }
        // max(by:) keeps the first of equal elements: our order breaks ties.
        return acceptable.max { $0.weight < $1.weight }?.coding
    }

    /// The header value to send upstream so that the server answers only in codings we decode:
    /// the client's list narrowed to gzip/x-gzip/deflate/identity (keeping their q-values; a `*`
    /// with a non-zero weight becomes the decodable codings the list does not name), or nil when
    /// the client's header needs no change. No header at all is left alone (servers answer such a
    /// request in identity); a list left empty becomes `identity`.
    package static func narrowed(_ headerValues: [String]) -> String? {
        guard !headerValues.isEmpty else { return nil }
        let elements = HTTPHeaders.listElements(headerValues)
        let parsed = elements.map(Self.preference)
        let named = Set(parsed.compactMap { $0?.coding })
        var kept: [String] = []
        for preference in parsed.compactMap({ $0 }) {
            switch preference.coding {
            case .some(let coding) where !coding.isDecodable:
                continue
            case .none where preference.quality > 0:
                for coding in [ContentCoding.gzip, .deflate] where !named.contains(coding) {
                    kept.append(coding.name + preference.parameters)
                }
            default:
                kept.append(String(preference.text))
            }
        }
        if kept == elements.map(String.init) { return nil }
        return kept.isEmpty ? "identity" : kept.joined(separator: ", ")
    }

    /// The client's weight for `coding` (0 for identity acceptable only by default), or nil when
    /// the coding is not acceptable.
    private func weight(of coding: ContentCoding) -> Int? {
        guard let preferences else { return 1000 }
        let quality = preferences.filter { $0.coding == coding }.map(\.quality).max()
            ?? preferences.first { $0.coding == nil }?.quality
        guard let quality else { return coding == .identity ? 0 : nil }
        return quality > 0 ? quality : nil
    }

    /// `coding *( OWS ";" OWS parameter )`, or nil when the name or a q-value is malformed.
    private static func preference(_ element: Substring) -> Preference? {
        let name = element.prefix { $0 != ";" }
        let coding = name.trimmingOWS()
        guard !coding.isEmpty, coding.utf8.allSatisfy(HTTPSyntax.isTokenByte) else { return nil }
        let parameters = element[name.endIndex...]
        var quality = 1000
        for parameter in parameters.split(separator: ";").map({ $0.trimmingOWS() }) where !parameter.isEmpty {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            // §12.4.2: the weight parameter's name is case-insensitive; others are ignored.
            if pair[0].trimmingOWS().lowercased() == "q" {
                guard let value = qualityValue(pair[1].trimmingOWS()) else { return nil }
                quality = value
            }
        }
        return Preference(coding: coding == "*" ? nil : ContentCoding(name: coding), quality: quality,
                          text: element, parameters: parameters)
    }

    /// §12.4.2: `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    private static func qualityValue(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var thousandths = first == UInt8(ascii: "1") ? 1000 : 0
        guard bytes.count > 1 else { return thousandths }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var scale = 100
        for digit in bytes[2...] {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            thousandths += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return thousandths <= 1000 ? thousandths : nil
    }
}
