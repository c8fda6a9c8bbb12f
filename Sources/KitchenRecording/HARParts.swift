extension HAR {
    /// A header (`headers[]`).
    public typealias Header = NameValue
    /// A query parameter (`queryString[]`).
    public typealias QueryParameter = NameValue

    /// `{name, value}`: the shape the spec gives headers and query parameters.
    ///
    /// A header value whose bytes are not UTF-8 is stored base64 with `_encoding: "base64"`
    /// (a harness extension), so the exact bytes survive; ``valueBytes`` undoes it.
    public struct NameValue: Hashable, Sendable {
        /// The name, as written on the wire.
        public var name: String
        /// The value (base64 when ``encoding`` is `"base64"`).
        public var value: String
        /// Free text.
        public var comment: String?
        /// `"base64"` when ``value`` holds base64 of bytes that are not UTF-8.
        public var encoding: String?

        /// A pair of texts.
        public init(name: String, value: String, comment: String? = nil, encoding: String? = nil) {
            self.name = name
            self.value = value
            self.comment = comment
            self.encoding = encoding
        }

    }

    /// `cookies[]`. Written only when a caller fills it; the recorder keeps cookies in the
    /// headers, where their order and exact bytes are preserved.
    public struct Cookie: Hashable, Sendable {
        /// The cookie's name.
        public var name: String
        /// The cookie's value.
        public var value: String
        /// The path it applies to.
        public var path: String?
        /// The host it applies to.
        public var domain: String?
        /// When it expires (ISO 8601).
        public var expires: String?
        /// Whether it is hidden from scripts.
        public var httpOnly: Bool?
        /// Whether it is sent over TLS only.
        public var secure: Bool?
        /// Free text.
        public var comment: String?

        /// A cookie with a name and value.
        public init(
            name: String, value: String, path: String? = nil, domain: String? = nil, expires: String? = nil,
            httpOnly: Bool? = nil, secure: Bool? = nil, comment: String? = nil
        ) {
            self.name = name
            self.value = value
            self.path = path
            self.domain = domain
            self.expires = expires
            self.httpOnly = httpOnly
            self.secure = secure
            self.comment = comment
        }
    }

    /// `postData`: the request body.
    ///
    /// HAR 1.2 has no `encoding` here; a body that is not UTF-8 is written base64 with the
    /// harness's `_encoding: "base64"`.
    public struct PostData: Hashable, Sendable {
        /// The body's media type (the `Content-Type` value).
        public var mimeType: String
        /// The body text (base64 when ``encoding`` is `"base64"`).
        public var text: String
        /// Form parameters, for URL-encoded bodies described field by field.
        public var params: [Param]?
        /// `"base64"` when ``text`` holds base64.
        public var encoding: String?
        /// Free text.
        public var comment: String?
        /// The harness's `_compression`, as `content.compression` for a response: bytes saved by the
        /// body's `Content-Encoding` (the decoded length less the length sent). ``text`` is always
        /// the decoded body.
        public var compression: Int?

        /// A body of `text`.
        public init(mimeType: String, text: String, params: [Param]? = nil, encoding: String? = nil, comment: String? = nil,
                    compression: Int? = nil) {
            self.mimeType = mimeType
            self.text = text
            self.params = params
            self.encoding = encoding
            self.comment = comment
            self.compression = compression
        }

    }

    /// `params[]`: one posted form field.
    public struct Param: Hashable, Sendable {
        /// The field's name.
        public var name: String
        /// Its value.
        public var value: String?
        /// The uploaded file's name.
        public var fileName: String?
        /// The uploaded file's media type.
        public var contentType: String?
        /// Free text.
        public var comment: String?

        /// A form field.
        public init(name: String, value: String? = nil, fileName: String? = nil, contentType: String? = nil, comment: String? = nil) {
            self.name = name
            self.value = value
            self.fileName = fileName
            self.contentType = contentType
            self.comment = comment
        }
    }

    /// `content`: the response body.
    public struct Content: Hashable, Sendable {
        /// Length of the body in bytes, after any transfer decoding.
        public var size: Int
        /// Bytes saved by compression, when known.
        public var compression: Int?
        /// The body's media type (the `Content-Type` value).
        public var mimeType: String
        /// The body (base64 when ``encoding`` is `"base64"`); absent when not captured.
        public var text: String?
        /// `"base64"` for bodies that are not UTF-8 text.
        public var encoding: String?
        /// Free text.
        public var comment: String?

        /// A body description.
        public init(size: Int, compression: Int? = nil, mimeType: String, text: String? = nil, encoding: String? = nil, comment: String? = nil) {
            self.size = size
            self.compression = compression
            self.mimeType = mimeType
            self.text = text
            self.encoding = encoding
            self.comment = comment
        }
    }
}
