import HarnessCore

/// The HAR model as `JSONValue`, written by hand: the same JSON the `Codable`
/// conformances produce (optional fields omitted when nil, `_`-prefixed names for the
/// extensions), several times faster, because the recorder journals every exchange on
/// its hot path. `HARJSONTests` proves both encodings agree for every kind of entry.
protocol HARJSONRepresentable {
    var json: JSONValue { get }
}

/// Builds an object member by member, skipping absent optionals.
private struct ObjectBuilder {
    var members: [JSONObject.Member] = []

    mutating func add(_ key: String, _ value: JSONValue) { members.append(.init(key: key, value: value)) }
    mutating func add(_ key: String, _ value: String) { add(key, .string(value)) }
    mutating func add(_ key: String, _ value: Int) { add(key, .int(value)) }
    mutating func add(_ key: String, _ value: Double) { add(key, .double(value)) }
    mutating func add(_ key: String, _ value: Bool) { add(key, .bool(value)) }
    mutating func add(_ key: String, _ value: String?) { if let value { add(key, .string(value)) } }
    mutating func add(_ key: String, _ value: Int?) { if let value { add(key, .int(value)) } }
    mutating func add(_ key: String, _ value: Bool?) { if let value { add(key, .bool(value)) } }
    mutating func add(_ key: String, _ value: (some HARJSONRepresentable)?) { if let value { add(key, value.json) } }
    mutating func add(_ key: String, _ values: [some HARJSONRepresentable]) { add(key, .array(values.map(\.json))) }
    mutating func add(_ key: String, _ values: [some HARJSONRepresentable]?) { if let values { add(key, values) } }
    mutating func add(_ key: String, _ values: [String]?) { if let values { add(key, .array(values.map(JSONValue.string))) } }

    var json: JSONValue { .object(JSONObject(uniqueMembers: members)) }
}

extension HAR.Document: HARJSONRepresentable {
    var json: JSONValue { .object(JSONObject(uniqueMembers: [.init(key: "log", value: log.json)])) }
}

extension HAR.Log: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("version", version)
        object.add("creator", creator.json)
        object.add("entries", entries)
        object.add("comment", comment)
        return object.json
    }
}

extension HAR.Creator: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("name", name)
        object.add("version", version)
        object.add("comment", comment)
        return object.json
    }
}

extension HAR.Cache: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("comment", comment)
        return object.json
    }
}

extension HAR.Timings: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("blocked", blocked)
        object.add("dns", dns)
        object.add("connect", connect)
        object.add("ssl", ssl)
        object.add("send", send)
        object.add("wait", wait)
        object.add("receive", receive)
        object.add("comment", comment)
        return object.json
    }
}

extension HAR.Entry: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("startedDateTime", startedDateTime)
        object.add("time", time)
        object.add("request", request.json)
        object.add("response", response.json)
        object.add("cache", cache.json)
        object.add("timings", timings.json)
        object.add("serverIPAddress", serverIPAddress)
        object.add("connection", connection)
        object.add("comment", comment)
        object.add("_resourceType", resourceType)
        object.add("_webSocketMessages", webSocketMessages)
        object.add("_webSocketClose", webSocketClose)
        object.add("_error", error)
        return object.json
    }
}

extension HAR.Request: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("method", method)
        object.add("url", url)
        object.add("httpVersion", httpVersion)
        object.add("cookies", cookies)
        object.add("headers", headers)
        object.add("queryString", queryString)
        object.add("postData", postData)
        object.add("headersSize", headersSize)
        object.add("bodySize", bodySize)
        object.add("comment", comment)
        object.add("_redacted", redacted)
        return object.json
    }
}

extension HAR.Response: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("status", status)
        object.add("statusText", statusText)
        object.add("httpVersion", httpVersion)
        object.add("cookies", cookies)
        object.add("headers", headers)
        object.add("content", content.json)
        object.add("redirectURL", redirectURL)
        object.add("headersSize", headersSize)
        object.add("bodySize", bodySize)
        object.add("comment", comment)
        object.add("_redacted", redacted)
        return object.json
    }
}

extension HAR.NameValue: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("name", name)
        object.add("value", value)
        object.add("comment", comment)
        object.add("_encoding", encoding)
        return object.json
    }
}

extension HAR.Cookie: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("name", name)
        object.add("value", value)
        object.add("path", path)
        object.add("domain", domain)
        object.add("expires", expires)
        object.add("httpOnly", httpOnly)
        object.add("secure", secure)
        object.add("comment", comment)
        return object.json
    }
}

extension HAR.PostData: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("mimeType", mimeType)
        object.add("text", text)
        object.add("params", params)
        object.add("comment", comment)
        object.add("_encoding", encoding)
        return object.json
    }
}

extension HAR.Param: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("name", name)
        object.add("value", value)
        object.add("fileName", fileName)
        object.add("contentType", contentType)
        object.add("comment", comment)
        return object.json
    }
}

extension HAR.Content: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("size", size)
        object.add("compression", compression)
        object.add("mimeType", mimeType)
        object.add("text", text)
        object.add("encoding", encoding)
        object.add("comment", comment)
        return object.json
    }
}

extension HAR.WebSocketMessage: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("type", type.rawValue)
        object.add("time", time)
        object.add("opcode", opcode.rawValue)
        object.add("data", data)
        object.add("_redacted", redacted)
        object.add("_undelivered", undelivered)
        return object.json
    }
}

extension HAR.WebSocketClose: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("code", code)
        object.add("reason", reason)
        object.add("closedBy", closedBy.rawValue)
        object.add("undeliveredMessages", undeliveredMessages)
        return object.json
    }
}

extension HAR.ExchangeError: HARJSONRepresentable {
    var json: JSONValue {
        var object = ObjectBuilder()
        object.add("kind", kind.rawValue)
        object.add("message", message)
        return object.json
    }
}
