import HarnessCore

// The one declaration of each HAR type's JSON members, in the order they are written.
// HAR 1.2 names, with `_`-prefixed ones for the extensions (Chrome's and ours).

extension HAR.Document: HARFields {
    static var blank: Self { Self(log: .blank) }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("log", &value.log)
    }
}

extension HAR.Log: HARFields {
    static var blank: Self { Self(creator: .blank) }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("version", &value.version)
        try fields.visit("creator", &value.creator)
        try fields.visit("entries", &value.entries)
        try fields.visit("comment", &value.comment)
    }
}

extension HAR.Creator: HARFields {
    static var blank: Self { Self(name: "", version: "") }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("name", &value.name)
        try fields.visit("version", &value.version)
        try fields.visit("comment", &value.comment)
    }
}

extension HAR.Cache: HARFields {
    static var blank: Self { Self() }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("comment", &value.comment)
    }
}

extension HAR.Timings: HARFields {
    static var blank: Self { Self() }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        // Files written elsewhere may leave the optional phases out: -1, not applicable.
        try fields.visit("blocked", &value.blocked, absent: -1)
        try fields.visit("dns", &value.dns, absent: -1)
        try fields.visit("connect", &value.connect, absent: -1)
        try fields.visit("ssl", &value.ssl, absent: -1)
        try fields.visit("send", &value.send)
        try fields.visit("wait", &value.wait)
        try fields.visit("receive", &value.receive)
        try fields.visit("comment", &value.comment)
    }
}

extension HAR.Entry: HARFields {
    static var blank: Self { Self(startedDateTime: "", request: .blank, response: .blank, timings: .blank) }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("startedDateTime", &value.startedDateTime)
        try fields.visit("time", &value.time)
        try fields.visit("request", &value.request)
        try fields.visit("response", &value.response)
        try fields.visit("cache", &value.cache)
        try fields.visit("timings", &value.timings)
        try fields.visit("serverIPAddress", &value.serverIPAddress)
        try fields.visit("connection", &value.connection)
        try fields.visit("comment", &value.comment)
        try fields.visit("_resourceType", &value.resourceType)
        try fields.visit("_webSocketMessages", &value.webSocketMessages)
        try fields.visit("_webSocketClose", &value.webSocketClose)
        try fields.visit("_error", &value.error)
    }
}

extension HAR.Request: HARFields {
    static var blank: Self { Self(method: "", url: "") }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("method", &value.method)
        try fields.visit("url", &value.url)
        try fields.visit("httpVersion", &value.httpVersion)
        try fields.visit("cookies", &value.cookies)
        try fields.visit("headers", &value.headers)
        try fields.visit("queryString", &value.queryString)
        try fields.visit("postData", &value.postData)
        try fields.visit("headersSize", &value.headersSize)
        try fields.visit("bodySize", &value.bodySize)
        try fields.visit("comment", &value.comment)
        try fields.visit("_redacted", &value.redacted)
        try fields.visit("_upstream", &value.upstream)
    }
}

extension HAR.UpstreamChanges: HARFields {
    static var blank: Self { Self() }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("setHeaders", &value.setHeaders)
        try fields.visit("removedHeaders", &value.removedHeaders)
    }
}

extension HAR.Response: HARFields {
    static var blank: Self { Self(status: 0, statusText: "", content: .blank) }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("status", &value.status)
        try fields.visit("statusText", &value.statusText)
        try fields.visit("httpVersion", &value.httpVersion)
        try fields.visit("cookies", &value.cookies)
        try fields.visit("headers", &value.headers)
        try fields.visit("content", &value.content)
        try fields.visit("redirectURL", &value.redirectURL)
        try fields.visit("headersSize", &value.headersSize)
        try fields.visit("bodySize", &value.bodySize)
        try fields.visit("comment", &value.comment)
        try fields.visit("_redacted", &value.redacted)
    }
}

extension HAR.NameValue: HARFields {
    static var blank: Self { Self(name: "", value: "") }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("name", &value.name)
        try fields.visit("value", &value.value)
        try fields.visit("comment", &value.comment)
        try fields.visit("_encoding", &value.encoding)
    }
}

extension HAR.Cookie: HARFields {
    static var blank: Self { Self(name: "", value: "") }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("name", &value.name)
        try fields.visit("value", &value.value)
        try fields.visit("path", &value.path)
        try fields.visit("domain", &value.domain)
        try fields.visit("expires", &value.expires)
        try fields.visit("httpOnly", &value.httpOnly)
        try fields.visit("secure", &value.secure)
        try fields.visit("comment", &value.comment)
    }
}

extension HAR.PostData: HARFields {
    static var blank: Self { Self(mimeType: "", text: "") }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("mimeType", &value.mimeType)
        try fields.visit("text", &value.text)
        try fields.visit("params", &value.params)
        try fields.visit("comment", &value.comment)
        try fields.visit("_encoding", &value.encoding)
        try fields.visit("_compression", &value.compression)
    }
}

extension HAR.Param: HARFields {
    static var blank: Self { Self(name: "") }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("name", &value.name)
        try fields.visit("value", &value.value)
        try fields.visit("fileName", &value.fileName)
        try fields.visit("contentType", &value.contentType)
        try fields.visit("comment", &value.comment)
    }
}

extension HAR.Content: HARFields {
    static var blank: Self { Self(size: 0, mimeType: "") }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("size", &value.size)
        try fields.visit("compression", &value.compression)
        try fields.visit("mimeType", &value.mimeType)
        try fields.visit("text", &value.text)
        try fields.visit("encoding", &value.encoding)
        try fields.visit("comment", &value.comment)
    }
}

extension HAR.WebSocketMessage: HARFields {
    static var blank: Self { Self(type: .send, time: 0, opcode: .text, data: "") }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("type", &value.type)
        try fields.visit("time", &value.time)
        try fields.visit("opcode", &value.opcode)
        try fields.visit("data", &value.data)
        try fields.visit("_redacted", &value.redacted)
        try fields.visit("_undelivered", &value.undelivered)
    }
}

extension HAR.WebSocketClose: HARFields {
    static var blank: Self { Self(code: nil, reason: "", closedBy: .server) }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("code", &value.code)
        try fields.visit("reason", &value.reason)
        try fields.visit("closedBy", &value.closedBy)
        try fields.visit("undeliveredMessages", &value.undeliveredMessages)
    }
}

extension HAR.ExchangeError: HARFields {
    static var blank: Self { Self(kind: "", message: "") }
    static func visit(_ value: inout Self, with fields: inout some HARFieldVisitor) throws(HARShapeError) {
        try fields.visit("kind", &value.kind.rawValue)
        try fields.visit("message", &value.message)
    }
}
