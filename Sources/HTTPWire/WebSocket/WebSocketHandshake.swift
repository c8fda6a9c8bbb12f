import HarnessCore

/// The opening handshake (RFC 6455 §4): building and checking the upgrade
/// request and the 101 response.
package enum WebSocketHandshake {
    /// §1.3: the GUID appended to the key before hashing.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// `Sec-WebSocket-Accept` for `key`: base64(SHA-1(key + GUID)) (§4.2.2 step 5.4).
    package static func acceptValue(forKey key: String) -> String {
        Base64.encode(SHA1.hash(Array((key + guid).utf8)))
    }

    /// A fresh `Sec-WebSocket-Key`: 16 random bytes, base64 (§4.1).
    package static func makeKey() -> String {
        var random = SystemRandomNumberGenerator()
        return Base64.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    /// The client's upgrade request for `target` on `host`.
    package static func upgradeRequest(host: String, target: String, key: String, headers: HTTPHeaders = [:]) -> HTTPRequest {
        var fields: HTTPHeaders = [
            "Host": host,
            "Upgrade": "websocket",
            "Connection": "Upgrade",
            "Sec-WebSocket-Key": key,
            "Sec-WebSocket-Version": "13",
        ]
        for field in headers { fields.add(field.name, field.value) }
        return HTTPRequest(method: .get, target: target, headers: fields)
    }

    /// Checks a client's upgrade request (§4.2.1) and returns its key.
    package static func validate(request: HTTPRequest) throws(WebSocketHandshakeError) -> String {
        guard request.method == .get else { throw .notGET }
        guard request.version == .http1_1 else { throw .unsupportedHTTPVersion }
        guard request.headers.containsToken("websocket", in: "Upgrade") else { throw .missingUpgradeHeader }
        guard request.headers.containsToken("upgrade", in: "Connection") else { throw .missingConnectionUpgrade }
        guard request.headers.values(for: "Sec-WebSocket-Version") == ["13"] else { throw .unsupportedVersion }
        let keys = request.headers.values(for: "Sec-WebSocket-Key")
        guard keys.count == 1, let key = keys.first, Base64.decode(key)?.count == 16 else { throw .invalidKey }
        return key
    }

    /// The 101 response that accepts `key`.
    package static func acceptResponse(key: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var fields: HTTPHeaders = [
            "Upgrade": "websocket",
            "Connection": "Upgrade",
            "Sec-WebSocket-Accept": acceptValue(forKey: key),
        ]
        for field in headers { fields.add(field.name, field.value) }
        return HTTPResponse(status: .switchingProtocols, headers: fields)
    }

    /// The refusal for a malformed upgrade: 426 with the supported version for a version
    /// mismatch (§4.4), 400 otherwise.
    package static func rejection(for error: WebSocketHandshakeError) -> HTTPResponse {
        var response = HTTPResponse.text(error == .unsupportedVersion ? .upgradeRequired : .badRequest, "\(error)\n")
        if error == .unsupportedVersion { response.headers.add("Sec-WebSocket-Version", "13") }
        return response
    }

    /// Checks the server's answer to an upgrade sent with `key` (§4.1, client requirements).
    package static func validate(response: HTTPResponse, key: String) throws(WebSocketHandshakeError) {
        guard response.status.code == 101 else { throw .rejected(status: response.status.code) }
        guard response.headers.containsToken("websocket", in: "Upgrade") else { throw .missingUpgradeHeader }
        guard response.headers.containsToken("upgrade", in: "Connection") else { throw .missingConnectionUpgrade }
        guard response.headers["Sec-WebSocket-Accept"] == acceptValue(forKey: key) else { throw .acceptMismatch }
        // No extension or subprotocol was offered, so none may be selected.
        guard !response.headers.contains("Sec-WebSocket-Extensions") else { throw .unexpectedExtension }
    }
}

/// Why an opening handshake failed.
package enum WebSocketHandshakeError: Error, Sendable, Equatable, CustomStringConvertible {
    case notGET
    case unsupportedHTTPVersion
    case missingUpgradeHeader
    case missingConnectionUpgrade
    case unsupportedVersion
    case invalidKey
    case acceptMismatch
    case unexpectedExtension
    /// The server answered with a status other than 101.
    case rejected(status: Int)

    package var description: String {
        switch self {
        case .notGET: "the upgrade request must be GET"
        case .unsupportedHTTPVersion: "the upgrade request must be HTTP/1.1"
        case .missingUpgradeHeader: "missing Upgrade: websocket"
        case .missingConnectionUpgrade: "missing Connection: Upgrade"
        case .unsupportedVersion: "Sec-WebSocket-Version must be 13"
        case .invalidKey: "Sec-WebSocket-Key must be one base64 value of 16 bytes"
        case .acceptMismatch: "Sec-WebSocket-Accept does not match the key"
        case .unexpectedExtension: "the server selected an extension that was not offered"
        case .rejected(let status): "the server refused the upgrade with status \(status)"
        }
    }
}

extension HTTPRequest {
    /// Whether this asks to upgrade to WebSocket (`Upgrade: websocket`).
    package var isWebSocketUpgrade: Bool { headers.containsToken("websocket", in: "Upgrade") }
}
