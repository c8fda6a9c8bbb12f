import HarnessCore
import HTTPWire
import KitchenRecording

extension ReplayedResponse {
    /// The coding to send a body recorded in `recorded` in, for a request accepting `accept`,
    /// among the `available` codings besides identity (RFC 9110 §12.5.3).
    ///
    /// A body recorded without a coding goes out as recorded while the client takes identity.
    /// Otherwise the client's highest weight wins, ties going to the recorded coding (what the
    /// server sent), then identity. A request with no `Accept-Encoding` gets identity, so a
    /// client that did not ask (a plain `curl`) never gets a compressed body. When nothing is
    /// acceptable, identity goes anyway: the recorded status matters more here than a 406.
    ///
    /// ```swift
    /// ReplayedResponse.coding(recorded: .gzip, accepting: AcceptEncoding(headerValues: []), available: [.gzip])  // .identity
    /// ReplayedResponse.coding(recorded: .gzip, accepting: AcceptEncoding(headerValues: ["gzip, br"]), available: [.gzip])  // .gzip
    /// ```
    package static func coding(recorded: ContentCoding, accepting accept: AcceptEncoding,
                               available: Set<ContentCoding>) -> ContentCoding {
        if recorded == .identity, accept.accepts(.identity) { return .identity }
        var offered: [ContentCoding] = []
        for coding in [recorded, .identity, .gzip, .deflate]
        where (coding == .identity || available.contains(coding)) && !offered.contains(coding) {
            offered.append(coding)
        }
        return accept.choose(from: offered) ?? .identity
    }

    /// The most a recorded body held coded may decode to: as much as `kitchen replay` takes in a request.
    package static let maxDecodedBodyBytes = 64 << 20

    /// The recorded body of a response recorded in `coding`, decoded. HAR 1.2 holds it decoded
    /// (`content.compression` says how much the coding saved); a recording made before the
    /// recorder decoded holds the coded bytes and no `compression`, and those are decoded here.
    /// Bytes that do not decode in the coding are taken as already decoded.
    package static func decodedBody(of recorded: HAR.Response, coding: ContentCoding) -> [UInt8] {
        let bytes = (try? recorded.bodyBytes) ?? []
        guard recorded.content.compression == nil, !bytes.isEmpty, var format = coding.decodingFormat else { return bytes }
        if coding == .deflate { format = ContentCodingFormat.forDeflateStream(firstBytes: bytes.prefix(2)) }
        return (try? ContentDecoder.decode(bytes, format: format, outputLimit: maxDecodedBodyBytes)) ?? bytes
    }
}
