import HarnessCore

// Each HAR type read from parsed JSON by hand, field for field as its `Codable`
// conformance reads it (see `HARJSONReader.swift`).

extension HAR.Document: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(log: try object.object("log"))
    }
}

extension HAR.Log: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(
            version: try object.string("version"), creator: try object.object("creator"),
            entries: try object.array("entries"), comment: try object.string(ifPresent: "comment"))
    }
}

extension HAR.Creator: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(name: try object.string("name"), version: try object.string("version"), comment: try object.string(ifPresent: "comment"))
    }
}

extension HAR.Cache: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(comment: try object.string(ifPresent: "comment"))
    }
}

extension HAR.Timings: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(
            blocked: try object.double(ifPresent: "blocked") ?? -1, dns: try object.double(ifPresent: "dns") ?? -1,
            connect: try object.double(ifPresent: "connect") ?? -1, ssl: try object.double(ifPresent: "ssl") ?? -1,
            send: try object.double("send"), wait: try object.double("wait"), receive: try object.double("receive"),
            comment: try object.string(ifPresent: "comment"))
    }
}

extension HAR.Entry: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(
            startedDateTime: try object.string("startedDateTime"), time: try object.double("time"),
            request: try object.object("request"), response: try object.object("response"),
            cache: try object.object("cache"), timings: try object.object("timings"),
            serverIPAddress: try object.string(ifPresent: "serverIPAddress"),
            connection: try object.string(ifPresent: "connection"), comment: try object.string(ifPresent: "comment"),
            resourceType: try object.string(ifPresent: "_resourceType"),
            webSocketMessages: try object.array(ifPresent: "_webSocketMessages"),
            webSocketClose: try object.object(ifPresent: "_webSocketClose"), error: try object.object(ifPresent: "_error"))
    }
}

extension HAR.Request: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(
            method: try object.string("method"), url: try object.string("url"), httpVersion: try object.string("httpVersion"),
            cookies: try object.array("cookies"), headers: try object.array("headers"),
            queryString: try object.array("queryString"), postData: try object.object(ifPresent: "postData"),
            headersSize: try object.int("headersSize"), bodySize: try object.int("bodySize"),
            comment: try object.string(ifPresent: "comment"), redacted: try object.strings(ifPresent: "_redacted"))
    }
}

extension HAR.Response: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(
            status: try object.int("status"), statusText: try object.string("statusText"),
            httpVersion: try object.string("httpVersion"), cookies: try object.array("cookies"),
            headers: try object.array("headers"), content: try object.object("content"),
            redirectURL: try object.string("redirectURL"), headersSize: try object.int("headersSize"),
            bodySize: try object.int("bodySize"), comment: try object.string(ifPresent: "comment"),
            redacted: try object.strings(ifPresent: "_redacted"))
    }
}

extension HAR.NameValue: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(
            name: try object.string("name"), value: try object.string("value"),
            comment: try object.string(ifPresent: "comment"), encoding: try object.string(ifPresent: "_encoding"))
    }
}

extension HAR.Cookie: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(
            name: try object.string("name"), value: try object.string("value"), path: try object.string(ifPresent: "path"),
            domain: try object.string(ifPresent: "domain"), expires: try object.string(ifPresent: "expires"),
            httpOnly: try object.bool(ifPresent: "httpOnly"), secure: try object.bool(ifPresent: "secure"),
            comment: try object.string(ifPresent: "comment"))
    }
}

extension HAR.PostData: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(
            mimeType: try object.string("mimeType"), text: try object.string("text"), params: try object.array(ifPresent: "params"),
            encoding: try object.string(ifPresent: "_encoding"), comment: try object.string(ifPresent: "comment"))
    }
}

extension HAR.Param: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(
            name: try object.string("name"), value: try object.string(ifPresent: "value"),
            fileName: try object.string(ifPresent: "fileName"), contentType: try object.string(ifPresent: "contentType"),
            comment: try object.string(ifPresent: "comment"))
    }
}

extension HAR.Content: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(
            size: try object.int("size"), compression: try object.int(ifPresent: "compression"),
            mimeType: try object.string("mimeType"), text: try object.string(ifPresent: "text"),
            encoding: try object.string(ifPresent: "encoding"), comment: try object.string(ifPresent: "comment"))
    }
}

extension HAR.WebSocketMessage: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(
            type: try object.value("type", as: Direction.self), time: try object.double("time"),
            opcode: try object.value("opcode", as: Opcode.self), data: try object.string("data"),
            redacted: try object.strings(ifPresent: "_redacted"), undelivered: try object.bool(ifPresent: "_undelivered"))
    }
}

extension HAR.WebSocketClose: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(code: try object.int(ifPresent: "code"), reason: try object.string("reason"),
                  closedBy: try object.value("closedBy", as: Party.self),
                  undeliveredMessages: try object.int(ifPresent: "undeliveredMessages"))
    }
}

extension HAR.ExchangeError: HARJSONReadable {
    init(reading object: HARObjectReader) throws(HARShapeError) {
        self.init(kind: Kind(rawValue: try object.string("kind")), message: try object.string("message"))
    }
}
