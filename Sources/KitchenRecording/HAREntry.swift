extension HAR {
    /// `entries[]`: one HTTP exchange, or one WebSocket connection (its upgrade exchange
    /// plus `_webSocketMessages`, as Chrome records it).
    ///
    /// ```swift
    /// let entry = HAR.Entry(startedAt: date, request: rawRequest, response: rawResponse,
    ///                       timings: HAR.Timings(send: 0.1, wait: 3, receive: 0.2))
    /// ```
    public struct Entry: Hashable, Sendable {
        /// When the request started: ISO 8601 with milliseconds and a zone.
        public var startedDateTime: String
        /// Total time in milliseconds: the sum of the applicable ``timings``.
        public var time: Double
        /// The request as sent.
        public var request: Request
        /// The response as received (status 0 when the exchange failed, see ``error``).
        public var response: Response
        /// The browser-cache state; always empty here.
        public var cache: Cache
        /// Where ``time`` went.
        public var timings: Timings
        /// The server's IP address, when known.
        public var serverIPAddress: String?
        /// An identifier of the TCP connection, when known.
        public var connection: String?
        /// Free text.
        public var comment: String?
        /// Chrome's `_resourceType`: `"fetch"`, `"xhr"`, `"websocket"`, …
        public var resourceType: String?
        /// Chrome's `_webSocketMessages`: the frames of a WebSocket connection, in order.
        public var webSocketMessages: [WebSocketMessage]?
        /// The harness's `_webSocketClose`: how a WebSocket connection ended.
        public var webSocketClose: WebSocketClose?
        /// The harness's `_error`: why the exchange failed upstream.
        public var error: ExchangeError?

        /// An entry from already-built parts; ``time`` defaults to the timings' total.
        public init(
            startedDateTime: String, time: Double? = nil, request: Request, response: Response,
            cache: Cache = Cache(), timings: Timings, serverIPAddress: String? = nil,
            connection: String? = nil, comment: String? = nil, resourceType: String? = nil,
            webSocketMessages: [WebSocketMessage]? = nil, webSocketClose: WebSocketClose? = nil,
            error: ExchangeError? = nil
        ) {
            self.startedDateTime = startedDateTime
            self.time = time ?? timings.total
            self.request = request
            self.response = response
            self.cache = cache
            self.timings = timings
            self.serverIPAddress = serverIPAddress
            self.connection = connection
            self.comment = comment
            self.resourceType = resourceType
            self.webSocketMessages = webSocketMessages
            self.webSocketClose = webSocketClose
            self.error = error
        }

        /// Whether this entry is a WebSocket connection rather than a plain exchange: Chrome's
        /// `_resourceType: "websocket"`, WebSocket messages or a close, or — for tools that
        /// write none of those, such as mitmproxy — a `101` answer to a request whose `Upgrade`
        /// names `websocket` (RFC 6455 §4.1, §4.2.2; the token is case-insensitive).
        public var isWebSocket: Bool {
            resourceType == "websocket" || webSocketMessages != nil || webSocketClose != nil
                || (response.status == 101 && request.upgradesToWebSocket)
        }

    }

    /// `request`: what the client sent.
    public struct Request: Hashable, Sendable {
        /// The method, e.g. `GET`.
        public var method: String
        /// The absolute URL, fragments removed.
        public var url: String
        /// The version from the request line, e.g. `HTTP/1.1`.
        public var httpVersion: String
        /// Cookies sent; the harness leaves them in ``headers`` and writes `[]` here.
        public var cookies: [Cookie]
        /// Headers in wire order, duplicates kept.
        public var headers: [Header]
        /// The query parameters of ``url``, percent-decoded, in order.
        public var queryString: [QueryParameter]
        /// The body, when there is one.
        public var postData: PostData?
        /// Bytes from the start of the request line to the blank line; `-1` when unknown.
        public var headersSize: Int
        /// Bytes of the body as recorded; `0` when there is none, `-1` when unknown. When
        /// ``redacted`` is set this counts the recorded bytes, aliases included, while the
        /// `Content-Length` header keeps the value that crossed the wire. A body sent with a
        /// `Content-Encoding` is recorded decoded, and this is its length as sent
        /// (``PostData/compression`` says how much the coding saved).
        public var bodySize: Int
        /// Free text.
        public var comment: String?
        /// The harness's `_redacted`: present when the recorded body differs from the wire body
        /// because secrets in it were replaced by aliases. Each element is the JSON Pointer
        /// (RFC 6901) of a replaced value (`/password`, `/user/tokens/0`), `/name` for a field of
        /// a form body, or `""` (the whole body) when the replacement is not inside one JSON value.
        public var redacted: [String]?
        /// The harness's `_upstream`: what a recording proxy changed in the request it sent on.
        /// ``headers`` are the client's as sent; this says which the upstream got otherwise.
        public var upstream: UpstreamChanges?

        /// A request from its parts.
        public init(
            method: String, url: String, httpVersion: String = "HTTP/1.1", cookies: [Cookie] = [],
            headers: [Header] = [], queryString: [QueryParameter] = [], postData: PostData? = nil,
            headersSize: Int = -1, bodySize: Int = 0, comment: String? = nil, redacted: [String]? = nil,
            upstream: UpstreamChanges? = nil
        ) {
            self.method = method
            self.url = url
            self.httpVersion = httpVersion
            self.cookies = cookies
            self.headers = headers
            self.queryString = queryString
            self.postData = postData
            self.headersSize = headersSize
            self.bodySize = bodySize
            self.comment = comment
            self.redacted = redacted
            self.upstream = upstream
        }

    }

    /// The harness's `_upstream` member of a request: how the request a recording proxy sent
    /// upstream differed from the one its client sent (RFC 9110 §7.6: hop-by-hop fields go, `Via`
    /// is added; the proxy also names the upstream in `Host` and narrows `Accept-Encoding` to the
    /// codings it can decode).
    ///
    /// ```json
    /// "_upstream": {"setHeaders": [{"name": "Host", "value": "api.internal:8443"},
    ///                              {"name": "Via", "value": "1.1 kitchen-recorder"}],
    ///               "removedHeaders": ["Connection"]}
    /// ```
    public struct UpstreamChanges: Hashable, Sendable {
        /// Fields the upstream got with another value, or that the client did not send, as sent.
        public var setHeaders: [Header]
        /// Names of fields the client sent that the upstream did not get.
        public var removedHeaders: [String]

        /// A set of changes.
        public init(setHeaders: [Header] = [], removedHeaders: [String] = []) {
            self.setHeaders = setHeaders
            self.removedHeaders = removedHeaders
        }

        /// Whether the upstream got exactly what the client sent.
        public var isEmpty: Bool { setHeaders.isEmpty && removedHeaders.isEmpty }
    }

    /// `response`: what the server answered.
    public struct Response: Hashable, Sendable {
        /// The status code; `0` when no response arrived.
        public var status: Int
        /// The reason phrase.
        public var statusText: String
        /// The version from the status line; empty when no response arrived.
        public var httpVersion: String
        /// Cookies set; the harness leaves them in ``headers`` and writes `[]` here.
        public var cookies: [Cookie]
        /// Headers in wire order, duplicates kept.
        public var headers: [Header]
        /// The body.
        public var content: Content
        /// The `Location` target of a redirect, or empty.
        public var redirectURL: String
        /// Bytes from the start of the status line to the blank line; `-1` when unknown.
        public var headersSize: Int
        /// Bytes of the body as transferred; `-1` when unknown. When ``redacted`` is set this
        /// and `content.size` count the recorded bytes, aliases included, while the
        /// `Content-Length` header keeps the value that crossed the wire.
        public var bodySize: Int
        /// Free text.
        public var comment: String?
        /// The harness's `_redacted`: the JSON Pointers of body values replaced by aliases, as
        /// on ``Request/redacted``; absent when the body is recorded exactly as received.
        public var redacted: [String]?

        /// A response from its parts.
        public init(
            status: Int, statusText: String, httpVersion: String = "HTTP/1.1", cookies: [Cookie] = [],
            headers: [Header] = [], content: Content, redirectURL: String = "", headersSize: Int = -1,
            bodySize: Int = -1, comment: String? = nil, redacted: [String]? = nil
        ) {
            self.status = status
            self.statusText = statusText
            self.httpVersion = httpVersion
            self.cookies = cookies
            self.headers = headers
            self.content = content
            self.redirectURL = redirectURL
            self.headersSize = headersSize
            self.bodySize = bodySize
            self.comment = comment
            self.redacted = redacted
        }

    }
}
