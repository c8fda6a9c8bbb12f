import HTTPWire
import HarnessCore
import KitchenRecording

/// Undoes a message body's `Content-Encoding` (RFC 9110 §8.4) before the body is redacted and
/// recorded, whole or piece by piece as it streams.
///
/// The codings are undone in the reverse of the order the header lists them (§8.4: the order
/// they were applied in). `gzip` and `x-gzip` are RFC 1952, `deflate` is the zlib format
/// (RFC 1950; a raw RFC 1951 stream, which some servers send, is accepted too). Anything else
/// (`br`, `zstd`, an unknown token), a corrupt or truncated stream, and a body that would decode
/// past ``limit`` bytes throw ``RecordingError/undecodableBody(location:coding:reason:)``: a body
/// whose secrets cannot be found is never recorded.
///
/// ```swift
/// var decoder = try RecordedBodyDecoder(headers: response.headers, limit: 256 << 20) { "the response body of GET /x" }
/// let decoded = try decoder?.decode(piece)      // nil decoder: identity, record the bytes as they are
/// ```
struct RecordedBodyDecoder {
    /// One coding's decoder and how the header named it (for errors).
    private struct Stage {
        var decoder: ContentDecoder
        let name: String
    }

    /// In decoding order: the coding applied last comes first.
    private var stages: [Stage]
    /// Most decoded bytes one body may have.
    let limit: Int
    /// The body's bytes as sent, so far.
    private(set) var encodedCount = 0
    private let location: () -> String

    /// The decoder for a body sent with `headers`; `nil` when it has no coding to undo.
    init?(headers: HTTPHeaders, limit: Int, location: @escaping () -> String) throws(RecordingError) {
        let codings = ContentCoding.list(from: headers.values(for: "Content-Encoding"))
        var stages: [Stage] = []
        for coding in codings.reversed() {
            switch coding {
            case .identity: continue
            case .gzip: stages.append(Stage(decoder: ContentDecoder(format: .gzip, outputLimit: limit), name: "gzip"))
            case .deflate:
                let decoder = ContentDecoder(format: .zlib, outputLimit: limit, rawDeflateFallback: true)
                stages.append(Stage(decoder: decoder, name: "deflate"))
            case .other(let name):
                throw .undecodableBody(location: location(), coding: name, reason: "not a coding the recorder decodes")
            }
        }
        guard !stages.isEmpty else { return nil }
        self.stages = stages
        self.limit = limit
        self.location = location
    }

    /// The decoded bytes `piece` completes.
    mutating func decode(_ piece: [UInt8]) throws(RecordingError) -> [UInt8] {
        encodedCount += piece.count
        var bytes = piece
        for index in stages.indices {
            do throws(InflateError) { bytes = try stages[index].decoder.decode(bytes) } catch { throw failure(error, at: index) }
        }
        return bytes
    }

    /// The rest of the decoded body, once every piece is in; throws when a stream was cut short.
    mutating func finish() throws(RecordingError) -> [UInt8] {
        var bytes: [UInt8] = []
        for index in stages.indices {
            do throws(InflateError) {
                if !bytes.isEmpty { bytes = try stages[index].decoder.decode(bytes) }
                bytes += try stages[index].decoder.finish()
            } catch {
                throw failure(error, at: index)
            }
        }
        return bytes
    }

    /// A whole body decoded; `complete` false for one the exchange cut short (an upstream that
    /// failed mid-body): what arrived is decoded and the missing end is not an error.
    static func decodeWhole(_ body: [UInt8], headers: HTTPHeaders, limit: Int, complete: Bool,
                            location: @escaping () -> String) throws(RecordingError) -> (body: [UInt8], encodedSize: Int?) {
        guard !body.isEmpty, var decoder = try RecordedBodyDecoder(headers: headers, limit: limit, location: location) else {
            return (body, nil)
        }
        var decoded = try decoder.decode(body)
        if complete { decoded += try decoder.finish() }
        return (decoded, body.count)
    }

    private func failure(_ error: InflateError, at index: Int) -> RecordingError {
        let reason = switch error {
        case .outputLimitExceeded(let limit): "it decodes to more than \(limit) bytes, the recorder's limit"
        default: error.description
        }
        return .undecodableBody(location: location(), coding: stages[index].name, reason: reason)
    }
}
