import HarnessCore

/// A request path as a server may understand it, so that a redaction rule written for
/// `/auth/login` also covers every spelling that reaches the same handler.
///
/// The harness's simulator percent-decodes each segment and nothing more; servers and the
/// proxies in front of them do more (nginx merges slashes, most frameworks resolve dot
/// segments, some decode twice, Tomcat drops `;parameters`, IIS takes `\` for `/` and
/// ignores case). A redaction rule must fail closed, so this takes the union:
///
/// 1. `%XX` decoded, again and again until nothing changes (`%256C` → `%6C` → `l`), so a
///    decoded `%2F` separates segments and `%2E%2E` is a dot segment;
/// 2. `\` read as `/`;
/// 3. `;` and what follows it dropped from each segment (`login;jsessionid=1` → `login`);
/// 4. empty segments dropped (`//auth//login/` → `/auth/login`);
/// 5. dot segments removed (RFC 3986 §5.2.4: `.` goes, `..` takes the one before it, never
///    above the root);
/// 6. ASCII letters lower-cased.
///
/// Over-matching costs nothing but an alias where no secret was; under-matching writes a
/// password to disk.
///
/// ```swift
/// RequestPath.normalized("/x/../AUTH/%6Cogin/")   // "/auth/login"
/// ```
public enum RequestPath {
    /// The normalised form of `path` (the part of a URL before `?`), always starting with `/`.
    public static func normalized(_ path: some StringProtocol) -> String {
        var bytes = Array(path.utf8)
        while let decoded = PercentEncoding.decodedOnce(bytes) { bytes = decoded }
        var segments: [ArraySlice<UInt8>] = []
        for segment in bytes.split(omittingEmptySubsequences: true, whereSeparator: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) {
            let withoutParameters = segment.prefix { $0 != UInt8(ascii: ";") }
            switch Array(withoutParameters) {
            case [], [UInt8(ascii: ".")]:
                continue
            case [UInt8(ascii: "."), UInt8(ascii: ".")]:
                _ = segments.popLast()
            default:
                segments.append(withoutParameters)
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 1)
        for segment in segments {
            output.append(UInt8(ascii: "/"))
            for byte in segment {
                output.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte)
            }
        }
        return output.isEmpty ? "/" : String(decoding: output, as: UTF8.self)
    }
}
