import HTTPWire
import HarnessCore
import KitchenRecording

/// How the recording proxy turns a client's request headers into the ones it sends upstream, and
/// what that changed, for the record (`_upstream`, ``HAR/UpstreamChanges``).
///
/// Hop-by-hop fields go (RFC 9110 §7.6.1) and `Via` is added (§7.6.3); `Host` names the upstream;
/// `Expect` goes, since the body is already read; `Accept-Encoding` is narrowed to the codings the
/// recorder decodes (gzip, x-gzip, deflate, identity), so that the upstream does not answer in one
/// whose secrets could not be found (`br`, `zstd`): the client still hears the answer, and the record
/// states the rewrite. One function does it for the request that goes out and for the record.
struct UpstreamRewrite: Sendable {
    /// `Host` as the upstream gets it.
    let authority: String
    /// Whether headers go out sorted by name (``RecordingProxyConfiguration/canonicalHeaderOrder``).
    let canonicalOrder: Bool

    /// The headers the upstream gets for a request whose client sent `headers`.
    func headers(for headers: HTTPHeaders) -> HTTPHeaders {
        var forwarded = HopByHopHeaders.stripped(headers)
        forwarded["Host"] = authority
        forwarded.remove("Expect")  // the body is already here
        if let narrowed = AcceptEncoding.narrowed(headers.values(for: "Accept-Encoding")) {
            forwarded["Accept-Encoding"] = narrowed
        }
        forwarded.add("Via", ProxyResponder.via)
        return canonicalOrder ? forwarded.sortedByName() : forwarded
    }

    /// What the upstream got (`sent`) otherwise than `recorded` says, for a request recorded with
    /// the client's headers, field name by field name (case aside): fields set (with their values,
    /// in the order sent) and fields removed.
    static func changes(from recorded: HTTPHeaders, to sent: HTTPHeaders) -> HAR.UpstreamChanges {
        var changes = HAR.UpstreamChanges()
        // A request has a dozen fields or so: looking back along the list costs less than a set of
        // lowercased names, which allocates for each field of every exchange.
        let sentFields = sent.fields, recordedFields = recorded.fields
        for (index, field) in sentFields.enumerated() where !named(field.name, before: index, in: sentFields) {
            let values = sent.values(for: field.name)
            if recorded.values(for: field.name) != values {
                changes.setHeaders += values.map { HAR.Header(name: field.name, value: $0) }
            }
        }
        for (index, field) in recordedFields.enumerated()
        where !named(field.name, before: index, in: recordedFields) && !sent.contains(field.name) {
            changes.removedHeaders.append(field.name)
        }
        return changes
    }

    /// Whether a field before `index` in `fields` has `name` (case aside).
    private static func named(_ name: String, before index: Int, in fields: [HTTPHeaders.Field]) -> Bool {
        fields[..<index].contains { CaseInsensitiveName.matches($0.name.utf8, name.utf8) }
    }
}
