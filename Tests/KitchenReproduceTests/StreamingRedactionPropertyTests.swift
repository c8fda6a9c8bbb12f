import Foundation
import KitchenRecording
import KitchenSwiftTesting
import KitchenTesting
import Testing

// Lives here because this target already links the redactor and the property engine
// (KitchenRecordingTests links neither KitchenTesting nor KitchenSwiftTesting).

/// A JSON body as text, with the secret values it holds (for the leak check).
struct GeneratedBody: Sendable, CustomStringConvertible {
    var text: [UInt8]
    var secrets: [String]
    /// Where the body is cut into pieces.
    var cuts: [Int]

    var description: String { "\(String(decoding: text, as: UTF8.self)) cut at \(cuts)" }
}

enum StreamingBodyGen {
    // Secret values are drawn so that none appears before it is first seen as a secret: a
    // secret first seen later in a streamed body is swept only from what follows it (as one
    // first seen in a later exchange is), so only then do streamed and whole records agree.
    static let credentialKeys = ["password", "token", "apiKey", "accessToken", "client_secret", "refreshToken", "Password"]
    static let plainKeys = ["name", "id", "items", "a", "count", "nested", "password_hint_x", "meta"]

    /// A JSON value drawn at `depth`, written with random whitespace, appended to `text`.
    static func value(_ source: inout ChoiceSource, depth: Int, into text: inout String, secrets: inout [String]) throws(GenerationFailure) {
        let kind = try source.draw(upTo: depth > 3 ? 4 : 6)
        switch kind {
        case 0: text += try number(&source)
        case 1: text += ["true", "false", "null"][Int(try source.draw(upTo: 2))]
        case 2, 3:
            // A plain string, sometimes with escapes, sometimes repeating a secret seen before
            // (which the sweep must replace, streamed or not).
            if !secrets.isEmpty, try source.drawFlag(probability: 0.2) {
                text += "\"copy of \(secrets[Int(try source.draw(upTo: UInt64(secrets.count - 1)))])\""
            } else {
                text += try string(&source)
            }
        case 4:
            text += "["
            let count = Int(try source.draw(upTo: 4))
            for index in 0..<count {
                if index > 0 { text += "," + (try space(&source)) }
                try value(&source, depth: depth + 1, into: &text, secrets: &secrets)
            }
            text += "]"
        default:
            text += "{" + (try space(&source))
            let count = Int(try source.draw(upTo: 4))
            for index in 0..<count {
                if index > 0 { text += "," + (try space(&source)) }
                if try source.drawFlag(probability: 0.35) {
                    let key = credentialKeys[Int(try source.draw(upTo: UInt64(credentialKeys.count - 1)))]
                    text += "\"\(key)\"" + (try space(&source)) + ":" + (try space(&source))
                    let secret = "s3cr3t-\(try source.draw(upTo: 1_000_000_000))"
                    secrets.append(secret)
                    if try source.drawFlag(probability: 0.8) {
                        text += "\"\(secret)\""
                    } else {
                        text += "{\"inner\": [\"\(secret)\", 42]}"
                    }
                } else if try source.drawFlag(probability: 0.15) {
                    // The route rule's field: a string, a number or a whole object, all secret.
                    text += "\"note\":" + (try space(&source))
                    let number = "\(1_000_000_000 + (try source.draw(upTo: 1_000_000_000)))"
                    switch try source.draw(upTo: 2) {
                    case 0:
                        secrets.append("n-\(number)")
                        text += "\"n-\(number)\""
                    case 1:
                        secrets.append(number)
                        text += number
                    default:
                        secrets.append("n-\(number)")
                        text += "{\"inner\": [\"n-\(number)\", 42, true]}"
                    }
                } else {
                    let key = plainKeys[Int(try source.draw(upTo: UInt64(plainKeys.count - 1)))]
                    text += "\"\(key)\":" + (try space(&source))
                    try value(&source, depth: depth + 1, into: &text, secrets: &secrets)
                }
            }
            text += (try space(&source)) + "}"
        }
    }

    static func number(_ source: inout ChoiceSource) throws(GenerationFailure) -> String {
        ["0", "-0", "12345678901234567890", "3.25", "-1e400", "7E-2", String(try source.draw(upTo: 100_000))][Int(try source.draw(upTo: 6))]
    }

    static func string(_ source: inout ChoiceSource) throws(GenerationFailure) -> String {
        let parts = ["ok", " ", "\\n", "\\\"", "é", "\\u00e9", "\\/", "x", "{\\\"a\\\":1}", "🍳"]
        var text = "\""
        for _ in 0..<Int(try source.draw(upTo: 6)) { text += parts[Int(try source.draw(upTo: UInt64(parts.count - 1)))] }
        return text + "\""
    }

    static func space(_ source: inout ChoiceSource) throws(GenerationFailure) -> String {
        ["", " ", "\n  ", "\t"][Int(try source.draw(upTo: 3))]
    }

    static let body = Gen<GeneratedBody> { (source: inout ChoiceSource) throws(GenerationFailure) -> GeneratedBody in
        var text = ""
        var secrets: [String] = []
        try value(&source, depth: 0, into: &text, secrets: &secrets)
        let bytes = Array(text.utf8)
        var cuts: [Int] = []
        for _ in 0..<Int(try source.draw(upTo: 8)) { cuts.append(Int(try source.draw(upTo: UInt64(bytes.count)))) }
        return GeneratedBody(text: bytes, secrets: secrets, cuts: cuts.sorted())
    }
}

/// What one redactor records for a body: the bytes and the `_redacted` pointers, or the error.
struct RecordedBody: Equatable {
    var bytes: [UInt8]
    var pointers: [String]
}

func request(with body: [UInt8]) -> HAR.RawRequest {
    HAR.RawRequest(authority: "api.test", method: Array("POST".utf8), target: Array("/uploads".utf8),
                   headers: [HAR.Header(name: "Content-Type", value: "application/json")], body: body)
}

/// The kitchen policy plus a route rule for the uploads route: any `note`, at any depth, is a
/// secret (whatever it holds: a string, a number, a whole object).
let uploadsPolicy = RedactionPolicy(rules: RedactionPolicy.kitchen.rules + [
    .bodyField("POST", "/uploads", .request, "**.note", kind: .secret),
])

/// The whole-body redactor's record of `body`, with `known` secrets seen before.
func wholeBodyRecord(_ body: [UInt8], known: [String]) throws -> RecordedBody {
    let redactor = Redactor(policy: uploadsPolicy)
    for secret in known { _ = redactor.alias(for: secret, kind: .password) }
    let entry = HAR.Entry(startedAt: Date(timeIntervalSince1970: 0), request: request(with: body),
                          response: HAR.RawResponse(status: 204, reason: Array("No Content".utf8)), timings: HAR.Timings())
    let redacted = try redactor.redact(entry)
    return RecordedBody(bytes: try redacted.request.bodyBytes, pointers: redacted.request.redacted ?? [])
}

/// The streaming redactor's record of `body` fed in the pieces `cuts` make.
func streamedRecord(_ body: [UInt8], cuts: [Int], known: [String], maximumTokenBytes: Int = 1 << 20) throws -> RecordedBody {
    let redactor = Redactor(policy: uploadsPolicy)
    for secret in known { _ = redactor.alias(for: secret, kind: .password) }
    let entry = HAR.Entry(startedAt: Date(timeIntervalSince1970: 0), request: request(with: []),
                          response: HAR.RawResponse(status: 204, reason: Array("No Content".utf8)), timings: HAR.Timings())
    var streaming = redactor.streamingBody(of: entry.request, maximumTokenBytes: maximumTokenBytes)
    var output: [UInt8] = []
    var start = 0
    for cut in cuts + [body.count] {
        output += try streaming.feed(Array(body[start..<max(start, cut)]))
        start = max(start, cut)
    }
    let (tail, pointers) = try streaming.finish()
    return RecordedBody(bytes: output + tail, pointers: pointers)
}

@Suite("Streaming redaction")
struct StreamingRedactionPropertyTests {
    @Test("a JSON body redacted as it streams, cut anywhere, is recorded as the whole-body redactor records it")
    func streamedEqualsWhole() async {
        await checkProperty(StreamingBodyGen.body, configuration: PropertyConfiguration(cases: 400)) { (body: GeneratedBody) in
            let known = ["known-secret-value"]
            let whole = try wholeBodyRecord(body.text, known: known)
            let streamed = try streamedRecord(body.text, cuts: body.cuts, known: known)
            #expect(streamed == whole)
            for secret in body.secrets {
                #expect(!String(decoding: streamed.bytes, as: UTF8.self).contains(secret))
            }
        }
    }

    @Test("a body that is not JSON is swept of known secrets the same, streamed or whole, even across cuts")
    func streamedTextEqualsWhole() async {
        let text = Gen<GeneratedBody> { (source: inout ChoiceSource) throws(GenerationFailure) -> GeneratedBody in
            let words = ["abc", "known-secret-value", "{", "\"", ":", " ", "known-secret", "-value", "\u{00}", "]["]
            var bytes: [UInt8] = []
            for _ in 0..<Int(try source.draw(upTo: 12)) { bytes += Array(words[Int(try source.draw(upTo: UInt64(words.count - 1)))].utf8) }
            var cuts: [Int] = []
            for _ in 0..<Int(try source.draw(upTo: 6)) { cuts.append(Int(try source.draw(upTo: UInt64(bytes.count)))) }
            return GeneratedBody(text: bytes, secrets: ["known-secret-value"], cuts: cuts.sorted())
        }
        await checkProperty(text, configuration: PropertyConfiguration(cases: 400)) { (body: GeneratedBody) in
            let known = ["known-secret-value"]
            let whole = Result { try wholeBodyRecord(body.text, known: known) }
            let streamed = Result { try streamedRecord(body.text, cuts: body.cuts, known: known) }
            switch (whole, streamed) {
            case (.success(let whole), .success(let streamed)):
                #expect(streamed == whole)
            case (.failure, .failure):
                break  // both refused
            case (.success(let whole), .failure(let error)):
                // Streaming may refuse what it cannot undo (fail closed), but never leak.
                guard case RecordingError.unredactableStream = error else {
                    Issue.record("streamed refused \(error); whole gave \(whole)")
                    return
                }
            case (.failure(let error), .success):
                Issue.record("whole refused (\(error)) what streaming recorded")
            }
            if case .success(let streamed) = streamed {
                #expect(!String(decoding: streamed.bytes, as: UTF8.self).contains("known-secret-value"))
            }
        }
    }

    @Test("a password deep in a large JSON body never comes out, whatever the piece size")
    func deepPasswordNeverComesOut() throws {
        var text = "{\"items\": ["
        for index in 0..<5000 { text += "{\"id\": \(index), \"name\": \"item \(index)\"}," }
        text += "{\"deep\": {\"deeper\": {\"password\": \"hunter2-very-secret\"}}}]}"
        let body = Array(text.utf8)
        for pieceSize in [1, 7, 4096, 16_384] {
            let cuts = Array(stride(from: pieceSize, to: body.count, by: pieceSize))
            let streamed = try streamedRecord(body, cuts: cuts, known: [])
            #expect(!String(decoding: streamed.bytes, as: UTF8.self).contains("hunter2"))
            #expect(streamed == (try wholeBodyRecord(body, known: [])))
        }
    }

    @Test("a JSON string longer than the redactor holds is refused, not written")
    func overlongTokenIsRefused() {
        let body = Array("{\"blob\": \"\(String(repeating: "x", count: 5000))\"}".utf8)
        #expect(throws: RecordingError.self) { try streamedRecord(body, cuts: [10, 2000], known: [], maximumTokenBytes: 1024) }
    }
}
