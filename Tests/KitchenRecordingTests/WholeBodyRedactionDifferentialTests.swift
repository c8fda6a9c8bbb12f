import Foundation
import KitchenSwiftTesting
import KitchenTesting
import Testing
@testable import KitchenRecording

// A whole body is redacted by the streaming redactor fed once. `recordsAsBefore` pins, as a
// digest, the records of 3000 seeded exchanges (bodies, pointers, errors); the other
// properties hold `redact(_:)` and `redact(message:)` to `redactingWhole` driven body by body,
// and check that no secret is recorded. Every side gets the same policy, known secrets and
// bodies, each on a fresh redactor.

/// An exchange's two bodies, and whether each is declared a form.
struct GeneratedExchange: Sendable, CustomStringConvertible {
    var request: [UInt8]
    var response: [UInt8]
    var requestIsForm = false

    var description: String {
        "request \(String(decoding: request, as: UTF8.self)) (form: \(requestIsForm)), response \(String(decoding: response, as: UTF8.self))"
    }
}

/// What a redactor records for one body: its bytes and `_redacted` pointers.
struct RecordedBodyText: Equatable, CustomStringConvertible {
    var bytes: [UInt8]
    var pointers: [String]

    var description: String { "\(String(decoding: bytes, as: UTF8.self)) \(pointers)" }
}

enum WholeBodyGen {
    static let known = "known-secret-value"
    static let credentialKeys = ["password", "token", "apiKey", "client_secret", "Password"]
    static let plainKeys = ["name", "id", "items", "note", "meta", "password_hint_x"]

    /// Secrets are drawn from a small pool so that one can show before its credential member
    /// (in the same body or the other one), as well as after it.
    static func secret(_ source: inout ChoiceSource) throws(GenerationFailure) -> String {
        "s3cr3t-\(try source.draw(upTo: 3))"
    }

    static func pick(_ options: [String], _ source: inout ChoiceSource) throws(GenerationFailure) -> String {
        options[Int(try source.draw(upTo: UInt64(options.count - 1)))]
    }

    static func string(_ source: inout ChoiceSource) throws(GenerationFailure) -> String {
        let parts = ["ok", " ", "\\n", "\\\"", "é", "\\u00e9", "\\/", "🍳", known, "s3cr3t-1", "s3cr3t-\\u0032",
                     "{\\\"password\\\":\\\"s3cr3t-3\\\"}", "{\\\"a\\\":[1,\\\"s3cr3t-0\\\"]}", "{\\\"token\\\": 7}",
                     "\\\"password\\\": x"]
        var text = "\""
        for _ in 0..<Int(try source.draw(upTo: 4)) { text += try pick(parts, &source) }
        return text + "\""
    }

    static func value(_ source: inout ChoiceSource, depth: Int, into text: inout String) throws(GenerationFailure) {
        switch try source.draw(upTo: depth > 3 ? 3 : 5) {
        case 0: text += try pick(["0", "-0", "12345678901234567890", "3.25", "-1e400", "7E-2", "1234"], &source)
        case 1: text += try pick(["true", "false", "null"], &source)
        case 2, 3: text += try string(&source)
        case 4:
            text += "["
            for index in 0..<Int(try source.draw(upTo: 3)) {
                if index > 0 { text += ", " }
                try value(&source, depth: depth + 1, into: &text)
            }
            text += "]"
        default:
            text += "{"
            for index in 0..<Int(try source.draw(upTo: 3)) {
                if index > 0 { text += ",\n " }
                if try source.drawFlag(probability: 0.35) {
                    text += "\"\(try pick(credentialKeys, &source))\": "
                    switch try source.draw(upTo: 3) {
                    case 0: text += "\"\(try secret(&source))\""
                    case 1: text += "{\"inner\": [\"\(try secret(&source))\", 42]}"
                    case 2: text += "98765"
                    default: text += "\"\(try secret(&source))\\u0021\""
                    }
                } else {
                    text += "\"\(try pick(plainKeys, &source))\": "
                    try value(&source, depth: depth + 1, into: &text)
                }
            }
            text += "}"
        }
    }

    /// A body that is not JSON: words, quotes and known or later-learned secrets.
    static func text(_ source: inout ChoiceSource) throws(GenerationFailure) -> String {
        let words = ["abc", known, "known-secret", "-value", " ", "{", "\"", ":", "s3cr3t-2", "]["]
        var text = ""
        for _ in 0..<Int(try source.draw(upTo: 8)) { text += try pick(words, &source) }
        return text
    }

    static func form(_ source: inout ChoiceSource) throws(GenerationFailure) -> String {
        let fields = ["a=1", "password=\(try secret(&source))", "token=s3cr3t-1", "b=\(known)", "note=x+y%21",
                      "password=", "c"]
        var parts: [String] = []
        for _ in 0..<Int(try source.draw(upTo: 4)) { parts.append(try pick(fields, &source)) }
        return parts.joined(separator: "&")
    }

    static func body(_ source: inout ChoiceSource) throws(GenerationFailure) -> String {
        switch try source.draw(upTo: 5) {
        case 0: return try text(&source)
        case 1: return ""
        default:
            var text = ""
            try value(&source, depth: 0, into: &text)
            return text
        }
    }

    static let exchange = Gen<GeneratedExchange> { (source: inout ChoiceSource) throws(GenerationFailure) -> GeneratedExchange in
        let isForm = try source.drawFlag(probability: 0.2)
        let request = isForm ? try form(&source) : try body(&source)
        return GeneratedExchange(request: Array(request.utf8), response: Array(try body(&source).utf8), requestIsForm: isForm)
    }
}

/// The candidate: ``Redactor/redactingWhole(_:context:)`` (the streaming redactor fed each
/// whole body once) on the request body, then the response body, then the request body again
/// when the response taught the redactor a secret, as `redact(_:)` calls it.
enum FedOnce {
    static func context(_ message: RedactionPolicy.Message, redactor: Redactor, isForm: Bool = false) -> Redactor.BodyContext {
        Redactor.BodyContext(fields: redactor.lookup.bodyFields(method: "POST", path: "/uploads", message: message), isForm: isForm,
                                  location: { "the \(message.rawValue) body of POST /uploads" })
    }

    static func redact(_ exchange: GeneratedExchange, redactor: Redactor) throws(RecordingError) -> [RecordedBodyText] {
        let requestContext = context(.request, redactor: redactor, isForm: exchange.requestIsForm)
        var request = try redactor.redactingWhole(exchange.request, context: requestContext)
        let known = redactor.knownSecretCount
        let response = try redactor.redactingWhole(exchange.response, context: context(.response, redactor: redactor))
        if redactor.knownSecretCount != known { request = try redactor.redactingWhole(exchange.request, context: requestContext) }
        return [RecordedBodyText(bytes: request?.bytes ?? exchange.request, pointers: request?.pointers ?? []),
                RecordedBodyText(bytes: response?.bytes ?? exchange.response, pointers: response?.pointers ?? [])]
    }
}

/// What `Redactor.redact(_:)` records for the exchange.
func wholeBodyOracle(_ exchange: GeneratedExchange, redactor: Redactor) throws -> [RecordedBodyText] {
    let contentType = exchange.requestIsForm ? "application/x-www-form-urlencoded" : "application/json"
    let request = HAR.RawRequest(authority: "api.test", method: Array("POST".utf8), target: Array("/uploads".utf8),
                                 headers: [HAR.Header(name: "Content-Type", value: contentType)], body: exchange.request)
    let response = HAR.RawResponse(status: 200, reason: Array("OK".utf8), headers: [HAR.Header(name: "Content-Type", value: "application/json")],
                                   body: exchange.response)
    let entry = try redactor.redact(HAR.Entry(startedAt: Date(timeIntervalSince1970: 0), request: request, response: response,
                                              timings: HAR.Timings()))
    return [RecordedBodyText(bytes: try entry.request.bodyBytes, pointers: textPointers(entry.request.redacted, isForm: exchange.requestIsForm)),
            RecordedBodyText(bytes: try entry.response.bodyBytes, pointers: textPointers(entry.response.redacted, isForm: false))]
}

/// Recorded pointers, where a text that is not JSON (pointer `""`) and not a form was swept,
/// as only `""`: a sweep that tries such a text as JSON first can list the tokens it swept
/// before the text stopped being JSON (`{"<secret>"` as `/<password-1>`), which point into no
/// JSON document; the streaming redactor lists none.
func textPointers(_ pointers: [String]?, isForm: Bool) -> [String] {
    guard let pointers else { return [] }
    return pointers.last == "" && !isForm ? [""] : pointers
}

/// The kitchen policy plus a route rule: any `note` in the uploads request is a secret.
let differentialPolicy = RedactionPolicy(rules: RedactionPolicy.kitchen.rules + [
    .bodyField("POST", "/uploads", .request, "**.note", kind: .secret),
])

func knowingRedactor() -> Redactor {
    let redactor = Redactor(policy: differentialPolicy)
    _ = redactor.alias(for: WholeBodyGen.known, kind: .password)
    return redactor
}

@Suite("Whole-body redaction, differential")
struct WholeBodyRedactionDifferentialTests {
    @Test("redact(_:) records each body (JSON, text, form) as the streaming redactor fed it whole, request then response")
    func fedOnceEqualsWhole() async {
        await checkProperty(WholeBodyGen.exchange, configuration: PropertyConfiguration(cases: 2000)) { (exchange: GeneratedExchange) in
            let whole = Result { try wholeBodyOracle(exchange, redactor: knowingRedactor()) }
            let fedOnce = Result { () throws(RecordingError) in try FedOnce.redact(exchange, redactor: knowingRedactor()) }
            switch (whole, fedOnce) {
            case (.success(let whole), .success(let fedOnce)): #expect(fedOnce == whole)
            case (.failure(let whole), .failure(let fedOnce)): #expect("\(fedOnce)" == "\(whole)")
            case (.success(let whole), .failure(let error)): Issue.record("fed once refused (\(error)); whole recorded \(whole)")
            case (.failure(let error), .success(let fedOnce)): Issue.record("whole refused (\(error)); fed once recorded \(fedOnce)")
            }
        }
    }

    /// FNV-1a over what `redact(_:)` records for the exchanges of seeds `0..<3000`: bodies,
    /// pointers (see ``textPointers(_:isForm:)``) and errors. Any changed record changes it.
    static let recordedDigest: UInt64 = 12_683_759_082_810_407_831

    @Test("what redact(_:) records for 3000 seeded exchanges matches the pinned digest")
    func recordsAsBefore() throws {
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 + [0] { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        for seed in 0..<3000 {
            var source = ChoiceSource(seed: UInt64(seed))
            guard let exchange = try? WholeBodyGen.exchange.generate(from: &source) else { continue }
            switch Result(catching: { try wholeBodyOracle(exchange, redactor: knowingRedactor()) }) {
            case .success(let bodies): for body in bodies { mix(body.description) }
            case .failure(let error): mix("\(error)")
            }
        }
        #expect(digest == Self.recordedDigest)
    }

    @Test("a whole body with tokens longer than the streaming limit is redacted, not refused")
    func longTokensInAWholeBody() throws {
        let blob = String(repeating: "x", count: StreamingBodyRedactor.defaultMaximumTokenBytes + 10)
        let secret = "long-secret-" + blob
        let exchange = GeneratedExchange(request: Array("{\"blob\": \"\(blob)\", \"password\": \"\(secret)\"}".utf8), response: [])
        let recorded = try wholeBodyOracle(exchange, redactor: knowingRedactor())
        #expect(recorded[0].bytes == Array("{\"blob\": \"\(blob)\", \"password\": \"<password-2>\"}".utf8))
        #expect(recorded[0].pointers == ["/password"])
    }

    @Test("no secret a body holds is recorded, form bodies included")
    func nothingLeaks() async {
        await checkProperty(WholeBodyGen.exchange, configuration: PropertyConfiguration(cases: 1000)) { (exchange: GeneratedExchange) in
            guard let whole = try? wholeBodyOracle(exchange, redactor: knowingRedactor()) else { return }
            for body in whole {
                let text = String(decoding: body.bytes, as: UTF8.self)
                #expect(!text.contains(WholeBodyGen.known))
                if exchange.requestIsForm || !text.contains("\\") {
                    for index in 0...3 where text.contains("s3cr3t-\(index)") {
                        // A pool secret may show only where nothing named it a credential in this exchange.
                        let named = knowingRedactorNames(exchange).contains("s3cr3t-\(index)")
                        #expect(!named, "s3cr3t-\(index) leaked in \(text)")
                    }
                }
            }
        }
    }

    @Test("redact(message:) records a message (data or error) as the streaming redactor fed it whole")
    func messageFedOnceEqualsWhole() async {
        await checkProperty(WholeBodyGen.exchange, configuration: PropertyConfiguration(cases: 1000)) { (exchange: GeneratedExchange) in
            let opcode: HAR.WebSocketMessage.Opcode = exchange.requestIsForm ? .error : .text
            let message = HAR.WebSocketMessage(type: .send, at: Date(timeIntervalSince1970: 0), opcode: opcode, payload: exchange.response)
            let whole = Result { () throws(RecordingError) in try knowingRedactor().redact(message: message) }
            let fedOnce = Result { () throws(RecordingError) in
                let context = Redactor.BodyContext(aliasing: message.isData) { "a WebSocket message (\(message.type.rawValue), at \(message.time))" }
                let recorded = try knowingRedactor().redactingWhole(exchange.response, context: context)
                return RecordedBodyText(bytes: recorded?.bytes ?? exchange.response, pointers: recorded?.pointers ?? [])
            }
            switch (whole, fedOnce) {
            case (.success(let whole), .success(let fedOnce)):
                #expect(fedOnce.bytes == Array(whole.data.utf8))
                #expect(fedOnce.pointers == textPointers(whole.redacted, isForm: false))
            case (.failure(let whole), .failure(let fedOnce)): #expect("\(fedOnce)" == "\(whole)")
            case (.success(let whole), .failure(let error)): Issue.record("fed once refused (\(error)); whole recorded \(whole.data)")
            case (.failure(let error), .success(let fedOnce)): Issue.record("whole refused (\(error)); fed once recorded \(fedOnce)")
            }
        }
    }
}

/// The pool secrets the exchange's bodies name as credentials (the values of credential
/// members and form fields), as the whole-body redactor learns them.
func knowingRedactorNames(_ exchange: GeneratedExchange) -> Set<String> {
    let redactor = knowingRedactor()
    _ = try? wholeBodyOracle(exchange, redactor: redactor)
    let scanner = redactor.scanner()
    return Set((0...3).map { "s3cr3t-\($0)" }.filter { scanner.replacingSecrets(in: $0) != nil })
}
