import HTTPWire
import Testing

/// RFC 9110 §5.1: header lookups compare names without regard to ASCII case (the rule itself
/// is HarnessCore's `CaseInsensitiveName`, tested there).
@Suite struct HeaderNameMatchingTests {
    @Test func lookupsAndTokenListsIgnoreASCIICaseOfNamesAndTokens() {
        let line = "  Keep-Alive , UPGRADE "
        let headers: HTTPHeaders = ["CONTENT-TYPE": "a", "Content-Type": "b", "X-Content-Type": "c"]
        #expect(headers.values(for: "content-type") == ["a", "b"])
        #expect(headers.containsToken("upgrade", in: "connection") == false)
        let connection: HTTPHeaders = ["Connection": line]
        #expect(connection.containsToken("upgrade", in: "CONNECTION"))
    }
}
