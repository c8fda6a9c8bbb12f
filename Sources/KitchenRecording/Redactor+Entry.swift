import Foundation
import HarnessCore

extension Redactor {
    /// `entry` with every secret replaced by its alias: first the policy's rules (headers,
    /// query parameters in the URL and in `queryString`, JSON body fields), then a sweep of
    /// every string for secrets already known. A changed body gets its sizes and
    /// `Content-Length` updated so the entry stays consistent.
    ///
    /// Fails closed: a body that a rule must look inside but that is not JSON throws
    /// ``RecordingError/unredactableBody(method:path:message:reason:)`` instead of passing through.
    public func redact(_ entry: HAR.Entry) throws(RecordingError) -> HAR.Entry {
        var entry = entry
        // Rules run in a fixed order (request before response) so aliases number deterministically.
        entry.request.headers = redactHeaders(entry.request.headers)
        redactQuery(of: &entry.request)
        for rule in policy.bodyFields where rule.message == .request && applies(rule, to: entry.request) {
            if let redacted = try redactJSON(entry.request.bodyBytes, rule: rule) { Self.setRequestBody(redacted, of: &entry) }
        }
        entry.response.headers = redactHeaders(entry.response.headers)
        for rule in policy.bodyFields where rule.message == .response && applies(rule, to: entry.request) {
            if let redacted = try redactJSON(entry.response.bodyBytes, rule: rule) { Self.setResponseBody(redacted, of: &entry) }
        }
        let sweeper = scanner()
        if !sweeper.matcher.isEmpty { try sweep(&entry, with: sweeper) }
        return entry
    }

    private func applies(_ rule: RedactionPolicy.BodyRule, to request: HAR.Request) -> Bool {
        request.method == rule.method && request.urlPath == rule.path
    }

    private func redactHeaders(_ headers: [HAR.Header]) -> [HAR.Header] {
        guard !policy.headers.isEmpty else { return headers }
        return headers.map { header in
            guard let rule = policy.headers.first(where: { $0.name.lowercased() == header.name.lowercased() }) else { return header }
            var header = header
            if header.encoding == "base64" {
                // Bytes that are not text cannot be split into scheme and credential: the whole value goes.
                header.value = alias(for: header.value, kind: rule.kind)
                header.encoding = nil
            } else {
                header.value = redactCredential(header.value, rule: rule)
            }
            return header
        }
    }

    /// RFC 9110 §11.4: `credentials = auth-scheme [ 1*SP ( token68 / #auth-param ) ]`.
    private func redactCredential(_ value: String, rule: RedactionPolicy.HeaderRule) -> String {
        if rule.keepsScheme, let space = value.firstIndex(of: " ") {
            let credential = String(value[space...].trimmingSpacesAndTabs)
            guard !credential.isEmpty, !RedactionPolicy.isAlias(credential) else { return value }
            return "\(value[..<space]) \(alias(for: credential, kind: rule.kind))"
        }
        guard !value.isEmpty, !RedactionPolicy.isAlias(value) else { return value }
        return alias(for: value, kind: rule.kind)
    }

    private func queryRule(named name: String) -> RedactionPolicy.QueryRule? {
        policy.queryParameters.first { $0.name == name }
    }

    private func redactQuery(of request: inout HAR.Request) {
        guard !policy.queryParameters.isEmpty else { return }
        var parts = URLParts(request.url)
        if let query = parts.query {
            var changed = false
            let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
                guard let equals = pair.firstIndex(of: "="), let rule = queryRule(named: PercentEncoding.decode(pair[..<equals])) else {
                    return String(pair)
                }
                let value = PercentEncoding.decode(pair[pair.index(after: equals)...])
                guard !value.isEmpty, !RedactionPolicy.isAlias(value) else { return String(pair) }
                changed = true
                return pair[..<equals] + "=" + PercentEncoding.encode(alias(for: value, kind: rule.kind))
            }
            if changed {
                parts.query = pairs.joined(separator: "&")
                request.url = parts.text
            }
        }
        request.queryString = request.queryString.map { parameter in
            guard let rule = queryRule(named: parameter.name), !parameter.value.isEmpty,
                  !RedactionPolicy.isAlias(parameter.value)
            else { return parameter }
            var parameter = parameter
            parameter.value = alias(for: parameter.value, kind: rule.kind)
            return parameter
        }
    }

    /// The body with the rule's fields aliased; `nil` when nothing changed (the original bytes
    /// are then kept exactly).
    private func redactJSON(_ bytes: [UInt8], rule: RedactionPolicy.BodyRule) throws(RecordingError) -> [UInt8]? {
        guard !bytes.isEmpty else { return nil }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw .unredactableBody(
                method: rule.method, path: rule.path, message: rule.message.rawValue,
                reason: "the body is not JSON (\(error.description))")
        }
        var changed = false
        var path: [String] = []
        let redacted = value.replacing(at: [rule.field], path: &path) { found in
            let secret: String
            switch found {
            case .null: return nil
            case .string(let text) where RedactionPolicy.isAlias(text): return nil
            case .string(let text): secret = text
            default: secret = JSONSerializer.string(found)
            }
            changed = true
            return .string(alias(for: secret, kind: rule.kind))
        }
        return changed ? JSONSerializer.bytes(redacted) : nil
    }

    private func sweep(_ entry: inout HAR.Entry, with sweeper: SecretScanner) throws(RecordingError) {
        func swept(_ text: String) -> String { sweeper.replacingSecrets(in: text) ?? text }
        func swept(_ pairs: [HAR.NameValue]) throws(RecordingError) -> [HAR.NameValue] {
            try pairs.map { (pair) throws(RecordingError) in
                var pair = pair
                if pair.encoding == "base64" {
                    guard let bytes = sweeper.replacingSecrets(in: try pair.valueBytes) else { return pair }
                    (pair.value, pair.encoding) = HAR.text(of: bytes)
                } else {
                    pair.value = swept(pair.value)
                }
                return pair
            }
        }
        entry.request.url = swept(entry.request.url)
        entry.request.headers = try swept(entry.request.headers)
        entry.request.queryString = try swept(entry.request.queryString)
        entry.request.cookies = entry.request.cookies.map { var cookie = $0; cookie.value = swept(cookie.value); return cookie }
        if entry.request.postData != nil, let bytes = sweeper.replacingSecrets(in: try entry.request.bodyBytes) {
            Self.setRequestBody(bytes, of: &entry)
        }
        entry.response.headers = try swept(entry.response.headers)
        entry.response.cookies = entry.response.cookies.map { var cookie = $0; cookie.value = swept(cookie.value); return cookie }
        entry.response.redirectURL = swept(entry.response.redirectURL)
        if entry.response.content.text != nil, let bytes = sweeper.replacingSecrets(in: try entry.response.bodyBytes) {
            Self.setResponseBody(bytes, of: &entry)
        }
        if let messages = entry.webSocketMessages {
            entry.webSocketMessages = try messages.map { (message) throws(RecordingError) in try redact(message: message) }
        }
        entry.webSocketClose = entry.webSocketClose.map { redact(close: $0) }
        if let message = entry.error?.message { entry.error?.message = swept(message) }
        entry.comment = entry.comment.map(swept)
    }

    private static func setRequestBody(_ bytes: [UInt8], of entry: inout HAR.Entry) {
        let (text, encoding) = HAR.text(of: bytes)
        entry.request.postData?.text = text
        entry.request.postData?.encoding = encoding
        entry.request.bodySize = bytes.count
        entry.request.headers = updatingContentLength(entry.request.headers, to: bytes.count)
    }

    private static func setResponseBody(_ bytes: [UInt8], of entry: inout HAR.Entry) {
        let (text, encoding) = HAR.text(of: bytes)
        entry.response.content.text = text
        entry.response.content.encoding = encoding
        entry.response.content.size = bytes.count
        entry.response.bodySize = bytes.count
        entry.response.headers = updatingContentLength(entry.response.headers, to: bytes.count)
    }

    private static func updatingContentLength(_ headers: [HAR.Header], to length: Int) -> [HAR.Header] {
        headers.map { header in
            guard header.name.lowercased() == "content-length" else { return header }
            return HAR.Header(name: header.name, value: String(length), comment: header.comment)
        }
    }
}
