import HarnessCore

extension Redactor {
    /// Headers whose value is a URL, so its query and fragment may carry a secret parameter
    /// (`Location: /callback#access_token=…`).
    static let urlHeaders = CaseInsensitiveName.Table(["location", "content-location", "referer"], value: ())

    /// `headers` with each secret header's secret part aliased, and secret parameters aliased
    /// in URL-valued headers. Names and every other byte stay; a header nothing is replaced in
    /// is left where it is (the array is copied only when one changes).
    func redactHeaders(_ headers: inout [HAR.Header]) {
        for index in headers.indices {
            if let redacted = redactedHeader(headers[index]) { headers[index] = redacted }
        }
    }

    /// `header` with its secret part or its URL's secret parameters aliased; `nil` when it
    /// holds none.
    private func redactedHeader(_ header: HAR.Header) -> HAR.Header? {
        // Most headers are neither secret nor URL-valued: they are looked up, not copied.
        let value: String
        if let rule = lookup.header(named: header.name) {
            if header.encoding == "base64" {
                // Bytes that are not text cannot be split into parts: the whole value goes.
                var redacted = header
                redacted.value = alias(for: header.value, kind: rule.kind)
                redacted.encoding = nil
                return redacted
            }
            value = redactHeaderValue(header.value, format: rule.format, kind: rule.kind)
        } else if header.encoding == nil, Self.urlHeaders.value(named: header.name) != nil,
                  let redactedURL = redactURLParameters(header.value) {
            value = redactedURL
        } else {
            return nil
        }
        guard value != header.value else { return nil }
        var redacted = header
        redacted.value = value
        return redacted
    }

    private func redactHeaderValue(_ value: String, format: RedactionPolicy.HeaderFormat, kind: RedactionPolicy.SecretKind) -> String {
        switch format {
        case .whole:
            return aliasUnlessEmptyOrAlias(value, kind: kind)
        case .credentials:
            return redactCredentials(value, kind: kind)
        case .cookies:
            return redactCookiePairs(value, onlyFirst: false, kind: kind)
        case .setCookie:
            return redactCookiePairs(value, onlyFirst: true, kind: kind)
        }
    }

    /// RFC 9110 §11.4: `credentials = auth-scheme [ 1*SP ( token68 / #auth-param ) ]`; the scheme
    /// stays, what follows the first space (blanks around it aside) is aliased. Read on the bytes:
    /// SP and HTAB are ASCII, never part of a longer UTF-8 character, so no character is read.
    private func redactCredentials(_ value: String, kind: RedactionPolicy.SecretKind) -> String {
        let bytes = value.utf8
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")) else { return aliasUnlessEmptyOrAlias(value, kind: kind) }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes[space...].firstIndex(where: { !isBlank($0) }),
              let last = bytes[space...].lastIndex(where: { !isBlank($0) })
        else { return value }
        let credential = String(decoding: bytes[first...last], as: UTF8.self)
        guard !RedactionPolicy.isAlias(credential) else { return value }
        return "\(String(decoding: bytes[..<space], as: UTF8.self)) \(alias(for: credential, kind: kind))"
    }

    private func aliasUnlessEmptyOrAlias(_ value: String, kind: RedactionPolicy.SecretKind) -> String {
        value.isEmpty || RedactionPolicy.isAlias(value) ? value : alias(for: value, kind: kind)
    }

    /// RFC 6265 §4.1.1, §4.2.1: `name=value` pairs separated by `;`; each value (inside its
    /// quotes, if quoted) becomes an alias, everything else stays byte for byte. A pair
    /// without `=` is all value. With `onlyFirst`, the attributes after a `Set-Cookie`'s pair stay.
    private func redactCookiePairs(_ value: String, onlyFirst: Bool, kind: RedactionPolicy.SecretKind) -> String {
        var output = ""
        var rest = Substring(value)
        var first = true
        while true {
            let semicolon = rest.firstIndex(of: ";")
            let pair = rest[..<(semicolon ?? rest.endIndex)]
            if first || !onlyFirst {
                let valueStart = pair.firstIndex(of: "=").map(pair.index(after:)) ?? pair.startIndex
                output += pair[..<valueStart]
                output += aliasingCookieValue(pair[valueStart...], kind: kind)
            } else {
                output += pair
            }
            first = false
            guard let semicolon else { return output }
            output += ";"
            rest = rest[rest.index(after: semicolon)...]
        }
    }

    private func aliasingCookieValue(_ text: Substring, kind: RedactionPolicy.SecretKind) -> String {
        let trimmed = text.trimmingOWS()
        guard !trimmed.isEmpty else { return String(text) }
        let leading = text[..<trimmed.startIndex], trailing = text[trimmed.endIndex...]
        var secret = trimmed
        var quote = ""
        if secret.count >= 2, secret.hasPrefix("\""), secret.hasSuffix("\"") {
            secret = secret.dropFirst().dropLast()
            quote = "\""
        }
        guard !secret.isEmpty, !RedactionPolicy.isAlias(secret) else { return String(text) }
        return String(leading) + quote + alias(for: String(secret), kind: kind) + quote + String(trailing)
    }

    /// HAR `cookies[]` entries with their values aliased.
    func redactCookies(_ cookies: [HAR.Cookie]) -> [HAR.Cookie] {
        guard !cookies.isEmpty, let rule = lookup.header(named: "Cookie") ?? lookup.header(named: "Set-Cookie") else { return cookies }
        return cookies.map { cookie in
            var cookie = cookie
            cookie.value = aliasUnlessEmptyOrAlias(cookie.value, kind: rule.kind)
            return cookie
        }
    }

    /// The request's URL and `queryString` with secret parameters aliased.
    func redactQuery(of request: inout HAR.Request) {
        if let url = redactURLParameters(request.url) { request.url = url }
        request.queryString = request.queryString.map { parameter in
            guard let kind = lookup.parameterKind(named: parameter.name) else { return parameter }
            var parameter = parameter
            parameter.value = aliasUnlessEmptyOrAlias(parameter.value, kind: kind)
            return parameter
        }
    }

    /// `url` with each secret `name=value` of its query and fragment aliased (the alias
    /// percent-encoded, the rest as written); `nil` when nothing changed.
    func redactURLParameters(_ url: String) -> String? {
        // Most URLs have neither a query nor a fragment: nothing to take apart.
        var url = url
        guard url.withUTF8({ $0.contains { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } }) else { return nil }
        var parts = URLParts(url)
        let query = parts.query.flatMap(redactPairs)
        let fragment = parts.fragment.flatMap { redactPairs(String($0)) }
        guard query != nil || fragment != nil else { return nil }
        if let query { parts.query = query }
        if let fragment { parts.fragment = Substring(fragment) }
        return parts.text
    }

    private func redactPairs(_ text: String) -> String? {
        var changed = false
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "="), let kind = lookup.parameterKind(named: pair[..<equals]) else {
                return String(pair)
            }
            let value = PercentEncoding.decode(pair[pair.index(after: equals)...])
            guard !value.isEmpty, !RedactionPolicy.isAlias(value) else { return String(pair) }
            changed = true
            return pair[..<equals] + "=" + PercentEncoding.encode(alias(for: value, kind: kind))
        }
        return changed ? pairs.joined(separator: "&") : nil
    }
}
