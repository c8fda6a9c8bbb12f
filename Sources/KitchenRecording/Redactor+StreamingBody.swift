extension Redactor {
    /// A redactor for the `message` body of the exchange with `request` as it streams (see
    /// ``StreamingBodyRedactor``), under the same route rules and credential names as
    /// ``redact(_:)`` applies to it whole.
    public func streamingBody(of request: HAR.Request, message: RedactionPolicy.Message = .request,
                              maximumTokenBytes: Int = StreamingBodyRedactor.defaultMaximumTokenBytes) -> StreamingBodyRedactor {
        let method = request.method, path = request.urlPath
        return StreamingBodyRedactor(redactor: self, fields: lookup.bodyFields(method: method, path: path, message: message),
                                     location: { "the \(message.rawValue) body of \(method) \(path)" }, maximumTokenBytes: maximumTokenBytes)
    }

    /// Gives the secrets in what `entry` holds so far (a request's head; or the request and
    /// the response's head) their aliases, in the order ``redact(_:)`` would: call it before a
    /// body streams, so that a secret sent before the body is swept from it too.
    public func learnSecrets(in entry: HAR.Entry) {
        _ = try? redact(entry)
    }

    /// Whether a body of this `Content-Type` can be redacted as it streams: every body but a
    /// form (`application/x-www-form-urlencoded`), whose fields are redacted whole.
    public static func canStream(contentType: String?) -> Bool { !isForm(contentType) }
}
