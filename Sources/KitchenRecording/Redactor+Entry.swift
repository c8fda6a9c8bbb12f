import Foundation
import HarnessCore

extension Redactor {
    /// `entry` with every secret replaced by its alias: first the policy's table (headers,
    /// cookies, query parameters in the URL and in `queryString`, URL-valued headers, form
    /// fields, credential-named JSON members and route fields in both bodies), then a sweep
    /// of every string and body for secrets already known.
    ///
    /// A changed body is the wire body with aliases spliced in (see ``Redactor``): its
    /// `bodySize` (and `content.size`) count the recorded bytes, `Content-Length` keeps the
    /// wire value, and `_redacted` lists the replaced JSON Pointers.
    ///
    /// Fails closed, writing nothing for the entry: a body a route rule names that is not JSON
    /// throws ``RecordingError/unredactableBody(method:path:message:reason:)``, and a body
    /// that is not JSON yet holds a quoted credential-named member throws
    /// ``RecordingError/unredactableText(location:name:offset:)``.
    public func redact(_ entry: HAR.Entry) throws(RecordingError) -> HAR.Entry {
        var entry = entry
        let method = entry.request.method, url = entry.request.url
        // The URL's path is taken apart only for a rule's method or an error: most records need neither.
        let path: @Sendable () -> String = { HAR.Request.path(ofURL: url) }
        // Rules run in a fixed order (request before response) so aliases number deterministically.
        redactHeaders(&entry.request.headers)
        redactQuery(of: &entry.request)
        entry.request.cookies = redactCookies(entry.request.cookies)
        if let params = entry.request.postData?.params { entry.request.postData?.params = redactParams(params) }
        let requestBytes = try entry.request.bodyBytes
        // Most requests have no body: nothing to describe, redact, or redact again.
        let requestContext = requestBytes.isEmpty ? nil : BodyContext(
            fields: lookup.bodyFields(method: method, path: path(), message: .request),
            isForm: Self.isForm(entry.request.postData?.mimeType), location: { "the request body of \(method) \(path())" })
        var requestBody: RedactedText?
        if let requestContext { requestBody = try redactingWhole(requestBytes, context: requestContext) }
        let known = requestContext == nil ? 0 : knownSecretCount
        redactHeaders(&entry.response.headers)
        entry.response.cookies = redactCookies(entry.response.cookies)
        if let redirect = redactURLParameters(entry.response.redirectURL) { entry.response.redirectURL = redirect }
        let responseBytes = try entry.response.bodyBytes
        let responseBody = try redactingWhole(responseBytes, context: BodyContext(
            fields: lookup.bodyFields(method: method, path: path(), message: .response),
            isForm: Self.isForm(entry.response.content.mimeType), location: { "the response body of \(method) \(path())" }))
        // A secret the response taught is swept from the request body too.
        if let requestContext, knownSecretCount != known { requestBody = try redactingWhole(requestBytes, context: requestContext) }

        let sweeper = scanner()
        if !sweeper.matcher.isEmpty { try sweep(&entry, with: sweeper) }
        // A body recorded decoded from its `Content-Encoding` keeps its length as sent; the bytes
        // saved are counted again from the recorded length (see ``HAR/Content/compression``).
        if let requestBody {
            let sentSize = entry.request.postData?.compression.map { requestBytes.count - $0 }
            entry.request.recordBody(requestBody.bytes, sentSize: sentSize, redacted: requestBody.pointers)
        }
        if let responseBody {
            let sentSize = entry.response.content.compression.map { entry.response.content.size - $0 }
            entry.response.recordBody(responseBody.bytes, sentSize: sentSize, redacted: responseBody.pointers)
        }
        return entry
    }

    private static let formMediaType = Array("application/x-www-form-urlencoded".utf8)

    /// Whether `mimeType` is HTML's form encoding (`application/x-www-form-urlencoded`).
    static func isForm(_ mimeType: String?) -> Bool {
        guard let bytes = mimeType?.utf8 else { return false }
        // On the bytes, without splitting or lower-casing a copy: asked twice of every exchange
        // the proxy records.
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let essence = bytes[..<(bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex)].drop(while: isBlank)
        let end = essence.lastIndex { !isBlank($0) }.map(essence.index(after:)) ?? essence.startIndex
        return CaseInsensitiveName.matches(essence[..<end], formMediaType)
    }

    private func redactParams(_ params: [HAR.Param]) -> [HAR.Param] {
        params.map { param in
            guard let kind = lookup.parameterKind(named: param.name), let value = param.value, !value.isEmpty,
                  !RedactionPolicy.isAlias(value)
            else { return param }
            var param = param
            param.value = alias(for: value, kind: kind)
            return param
        }
    }

    /// Every part of `entry` but its bodies, with known secrets replaced. Only what held a
    /// secret is written back, so the entry's arrays are copied only when one changes.
    private func sweep(_ entry: inout HAR.Entry, with sweeper: SecretScanner) throws(RecordingError) {
        func sweep(_ text: inout String) {
            if let swept = sweeper.replacingSecrets(in: text) { text = swept }
        }
        func sweep(_ texts: inout [String]?) {
            for index in texts?.indices ?? 0..<0 {
                if let text = texts?[index], let swept = sweeper.replacingSecrets(in: text) { texts?[index] = swept }
            }
        }
        func sweep(_ pairs: inout [HAR.NameValue]) throws(RecordingError) {
            for index in pairs.indices {
                if pairs[index].encoding == "base64" {
                    guard let bytes = sweeper.replacingSecrets(in: try pairs[index].valueBytes) else { continue }
                    (pairs[index].value, pairs[index].encoding) = HAR.text(of: bytes)
                } else if let swept = sweeper.replacingSecrets(in: pairs[index].value) {
                    pairs[index].value = swept
                }
            }
        }
        func sweep(_ cookies: inout [HAR.Cookie]) {
            for index in cookies.indices {
                if let swept = sweeper.replacingSecrets(in: cookies[index].value) { cookies[index].value = swept }
            }
        }
        sweep(&entry.request.url)
        try sweep(&entry.request.headers)
        try sweep(&entry.request.queryString)
        sweep(&entry.request.cookies)
        if let params = entry.request.postData?.params {
            for (index, param) in params.enumerated() {
                if let value = param.value, let swept = sweeper.replacingSecrets(in: value) {
                    entry.request.postData?.params?[index].value = swept
                }
            }
        }
        sweep(&entry.request.redacted)
        try sweep(&entry.response.headers)
        sweep(&entry.response.cookies)
        sweep(&entry.response.redirectURL)
        sweep(&entry.response.redacted)
        if let messages = entry.webSocketMessages {
            entry.webSocketMessages = try messages.map { (message) throws(RecordingError) in try redact(message: message) }
        }
        entry.webSocketClose = entry.webSocketClose.map { redact(close: $0) }
        if let message = entry.error?.message, let swept = sweeper.replacingSecrets(in: message) { entry.error?.message = swept }
        if let comment = entry.comment, let swept = sweeper.replacingSecrets(in: comment) { entry.comment = swept }
    }
}
