import HTTPWire

/// How many bytes ``HTTPEncoder`` writes for a head, counted without writing them: a recorded
/// exchange's `headersSize`. The recorder stamps every exchange with it, so counting costs
/// less than encoding each head a second time.
///
/// The count follows the encoder's layout (RFC 9112 §3, §4, §5): the start line, each field
/// as `name: value` and CRLF, and the empty line. A head the encoder refuses (a name that is
/// not a token, a control character in a value, a target with spaces or non-ASCII bytes, a
/// status outside 100–999) counts as -1, as `(try? HTTPEncoder.…(…).count) ?? -1` does.
///
/// ```swift
/// HeadSize.request(HTTPRequest(method: .get, target: "/", headers: ["Host": "a"]))   // 27
/// ```
enum HeadSize {
    /// The bytes of `request`'s request line and fields, or -1 when it cannot be encoded.
    static func request(_ request: HTTPRequest) -> Int {
        let method = request.method.rawValue, target = request.target
        guard !method.isEmpty, allBytes(of: method, are: isTokenByte) else { return -1 }
        // RFC 9112 §3.2: the target is visible ASCII only.
        guard !target.isEmpty, allBytes(of: target, are: { $0 > 0x20 && $0 < 0x7F }) else { return -1 }
        guard let fields = fieldsSize(request.headers) else { return -1 }
        // `METHOD target HTTP/1.1\r\n`: one space, then ` HTTP/1.x\r\n` (11 bytes).
        return method.utf8.count + 1 + target.utf8.count + 11 + fields
    }

    /// The bytes of the status line and fields of a response with `status` and `headers`
    /// (written as HTTP/1.1), or -1 when it cannot be encoded.
    static func response(status: HTTPStatus, headers: HTTPHeaders) -> Int {
        guard (100...999).contains(status.code) else { return -1 }
        let reason = status.reasonPhrase
        guard allBytes(of: reason, are: isFieldValueByte), let fields = fieldsSize(headers) else { return -1 }
        // `HTTP/1.1 200 reason\r\n`: 9 bytes, three digits, a space, the reason, CRLF.
        return 9 + 3 + 1 + reason.utf8.count + 2 + fields
    }

    /// Each field's `name: value\r\n`, then the empty line's CRLF; `nil` when one cannot be written.
    private static func fieldsSize(_ headers: HTTPHeaders) -> Int? {
        var size = 2
        for field in headers {
            guard !field.name.isEmpty, allBytes(of: field.name, are: isTokenByte), allBytes(of: field.value, are: isFieldValueByte)
            else { return nil }
            size += field.name.utf8.count + 2 + field.value.utf8.count + 2
        }
        return size
    }

    /// Whether every UTF-8 byte of `text` is allowed, read straight from the string's storage.
    private static func allBytes(of text: String, are isAllowed: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isAllowed) } ?? text.utf8.allSatisfy(isAllowed)
    }

    /// RFC 9110 §5.6.2 `tchar`, by byte: letters, digits and ``!#$%&'*+-.^_`|~``.
    private static let tokenBytes: [Bool] = (0...255).map { byte in
        let scalar = Unicode.Scalar(UInt8(byte))
        return (scalar.isASCII && scalar.properties.isAlphabetic) || ("0"..."9").contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool { tokenBytes[Int(byte)] }

    /// RFC 9110 §5.5: a field value's bytes are visible characters, SP, HTAB and obs-text;
    /// never CR, LF, NUL, DEL or another control.
    private static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }
}
