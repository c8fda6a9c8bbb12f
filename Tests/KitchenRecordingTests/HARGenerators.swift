import KitchenRecording
import KitchenTesting

/// Generated HAR documents: every type, every optional set or absent, awkward text and numbers.
enum HARGenerators {
    static let text = Gen.element(of: ["", "a", "GET", "é", "🍳 oven", "\"quoted\"", "line\nbreak", "tab\t", "\\", "/devices?x=1", "\u{1}"])
    static let number = Gen.element(of: [0, 1, -1, 1.5, 12, 0.001, 1e21, -273.15, 1_795_169_730.123])
    static let integer = Gen.int(in: -1...70_000)

    static func optional<Value: Sendable>(_ generator: Gen<Value>) -> Gen<Value?> {
        Gen.oneOf(.constant(nil), generator.map { Optional($0) })
    }

    static let strings = optional(Gen.array(of: text, count: 0...3))
    static let nameValue = Gen.zip(text, text, optional(text), optional(text)).map {
        HAR.NameValue(name: $0, value: $1, comment: $2, encoding: $3)
    }
    static let nameValues = Gen.array(of: nameValue, count: 0...3)
    static let cookie = Gen.zip(text, text, optional(text), optional(text), optional(text), optional(Gen.bool), optional(Gen.bool),
                                optional(text)).map {
        HAR.Cookie(name: $0, value: $1, path: $2, domain: $3, expires: $4, httpOnly: $5, secure: $6, comment: $7)
    }
    static let param = Gen.zip(text, optional(text), optional(text), optional(text), optional(text)).map {
        HAR.Param(name: $0, value: $1, fileName: $2, contentType: $3, comment: $4)
    }
    static let postData = Gen.zip(text, text, optional(Gen.array(of: param, count: 0...2)), optional(text), optional(text)).map {
        HAR.PostData(mimeType: $0, text: $1, params: $2, encoding: $3, comment: $4)
    }
    static let request = Gen.zip(text, text, text, Gen.array(of: cookie, count: 0...2), nameValues, nameValues, optional(postData),
                                 integer, integer, optional(text), strings).map {
        HAR.Request(method: $0, url: $1, httpVersion: $2, cookies: $3, headers: $4, queryString: $5, postData: $6,
                    headersSize: $7, bodySize: $8, comment: $9, redacted: $10)
    }
    static let content = Gen.zip(integer, optional(integer), text, optional(text), optional(text), optional(text)).map {
        HAR.Content(size: $0, compression: $1, mimeType: $2, text: $3, encoding: $4, comment: $5)
    }
    static let response = Gen.zip(integer, text, text, Gen.array(of: cookie, count: 0...1), nameValues, content, text, integer, integer,
                                  optional(text), strings).map {
        HAR.Response(status: $0, statusText: $1, httpVersion: $2, cookies: $3, headers: $4, content: $5, redirectURL: $6,
                     headersSize: $7, bodySize: $8, comment: $9, redacted: $10)
    }
    static let timings = Gen.zip(number, number, number, number, number, number, number, optional(text)).map {
        HAR.Timings(blocked: $0, dns: $1, connect: $2, ssl: $3, send: $4, wait: $5, receive: $6, comment: $7)
    }
    static let message = Gen.zip(Gen.element(of: HAR.WebSocketMessage.Direction.allCases), number,
                                 Gen.element(of: HAR.WebSocketMessage.Opcode.allCases), text, strings, optional(Gen.bool)).map {
        HAR.WebSocketMessage(type: $0, time: $1, opcode: $2, data: $3, redacted: $4, undelivered: $5)
    }
    static let close = Gen.zip(optional(integer), text, Gen.element(of: HAR.WebSocketClose.Party.allCases), optional(integer)).map {
        HAR.WebSocketClose(code: $0, reason: $1, closedBy: $2, undeliveredMessages: $3)
    }
    static let exchangeError = Gen.zip(text, text).map { HAR.ExchangeError(kind: HAR.ExchangeError.Kind(rawValue: $0), message: $1) }
    static let entry = Gen.zip(text, number, request, response, optional(text), timings, optional(text), optional(text), optional(text),
                               optional(text), optional(Gen.array(of: message, count: 0...3)), optional(close),
                               optional(exchangeError)).map {
        HAR.Entry(startedDateTime: $0, time: $1, request: $2, response: $3, cache: HAR.Cache(comment: $4), timings: $5,
                  serverIPAddress: $6, connection: $7, comment: $8, resourceType: $9, webSocketMessages: $10,
                  webSocketClose: $11, error: $12)
    }
    static let document = Gen.zip(text, text, optional(text), Gen.array(of: entry, count: 0...3), optional(text)).map {
        HAR.Document(log: HAR.Log(version: "1.2", creator: HAR.Creator(name: $0, version: $1, comment: $2), entries: $3, comment: $4))
    }
}
