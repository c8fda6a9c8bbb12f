import HarnessCore
import Testing

/// JSON Pointer (RFC 6901): parsing, escaping and resolution.
@Suite("JSONPointer")
struct JSONPointerTests {
    /// The example document of RFC 6901 §5.
    static let rfcDocument: JSONValue = {
        let text = #"""
            {
              "foo": ["bar", "baz"],
              "": 0,
              "a/b": 1,
              "c%d": 2,
              "e^f": 3,
              "g|h": 4,
              "i\\j": 5,
              "k\"l": 6,
              " ": 7,
              "m~n": 8
            }
            """#
        return try! JSONValue(parsing: text)
    }()

    /// Every pointer of RFC 6901 §5 and the value it designates.
    static let rfcPointers: [(String, JSONValue)] = [
        ("", rfcDocument),
        ("/foo", ["bar", "baz"]),
        ("/foo/0", "bar"),
        ("/", 0),
        ("/a~1b", 1),
        ("/c%d", 2),
        ("/e^f", 3),
        ("/g|h", 4),
        (#"/i\j"#, 5),
        (#"/k"l"#, 6),
        ("/ ", 7),
        ("/m~0n", 8),
    ]

    @Test("resolve finds every value of the RFC 6901 §5 example", arguments: rfcPointers)
    func resolveFindsRFCExampleValues(text: String, expected: JSONValue) throws {
        let pointer = try #require(JSONPointer(text))
        #expect(pointer.resolve(in: Self.rfcDocument) == expected)
        #expect(pointer.description == text)
    }

    @Test("init unescapes ~1 to / and ~0 to ~, in that order", arguments: [
        ("/a~1b", ["a/b"]), ("/m~0n", ["m~n"]), ("/~01", ["~1"]), ("/~10", ["/0"]), ("/~0~1", ["~/"]),
        ("/~1~0", ["/~"]), ("/~00", ["~0"]), ("", []), ("/", [""]), ("//", ["", ""]), ("/a/", ["a", ""]),
        ("/ü/😀", ["ü", "😀"]),
    ])
    func initUnescapesTokens(text: String, tokens: [String]) throws {
        let pointer = try #require(JSONPointer(text))
        #expect(pointer.tokens == tokens)
        #expect(pointer.description == text)
        #expect(JSONPointer(tokens: tokens) == pointer)
    }

    @Test("description escapes ~ and / in tokens and reads back", arguments: [
        ["a/b"], ["m~n"], ["~1"], ["/~"], ["~"], ["/"], ["", ""], ["a~/b", "c//d", "~~"],
    ])
    func descriptionEscapesTokens(tokens: [String]) throws {
        let pointer = JSONPointer(tokens: tokens)
        let text = pointer.description
        #expect(try #require(JSONPointer(text)).tokens == tokens)
    }

    /// Tokens are sequences of code points (RFC 6901 §3); a combining mark
    /// after `~` or `/` must not hide the escape.
    @Test("escaping works when a combining mark follows ~ or /", arguments: [
        ["~\u{301}"], ["/\u{301}"], ["\u{301}"], ["a", "\u{301}b"], ["~\u{301}/\u{301}"],
    ])
    func escapingSurvivesCombiningMarks(tokens: [String]) throws {
        let pointer = JSONPointer(tokens: tokens)
        let reparsed = try #require(JSONPointer(pointer.description))
        #expect(reparsed.tokens.map { Array($0.unicodeScalars) } == tokens.map { Array($0.unicodeScalars) })
    }

    @Test("init parses combining marks after / and ~0 as code points")
    func initParsesCombiningMarks() throws {
        #expect(try #require(JSONPointer("/\u{301}")).tokens == ["\u{301}"])
        #expect(try #require(JSONPointer("/a/\u{301}b")).tokens == ["a", "\u{301}b"])
        #expect(try #require(JSONPointer("/~0\u{301}")).tokens == ["~\u{301}"])
        #expect(JSONPointer("/~\u{301}") == nil)
        #expect(JSONPointer(tokens: ["~\u{301}", "/\u{301}"]).description.unicodeScalars.elementsEqual("/~0\u{301}/~1\u{301}".unicodeScalars))
    }

    @Test("init refuses text that is not a pointer", arguments: [
        "foo", "#/foo", "/~", "/~2", "/a~", "/~a", "/m~0n~", "a/b", " /a",
    ])
    func initRefusesInvalidPointer(text: String) {
        #expect(JSONPointer(text) == nil)
    }

    @Test("resolve on arrays accepts canonical indexes only", arguments: [
        ("/foo/0", JSONValue?.some("bar")), ("/foo/1", "baz"), ("/foo/2", nil), ("/foo/-", nil), ("/foo/01", nil),
        ("/foo/00", nil), ("/foo/-1", nil), ("/foo/+1", nil), ("/foo/ 1", nil), ("/foo/1.0", nil), ("/foo/", nil),
        ("/foo/99999999999999999999", nil),
    ])
    func resolveOnArrays(text: String, expected: JSONValue?) throws {
        let pointer = try #require(JSONPointer(text))
        #expect(pointer.resolve(in: Self.rfcDocument) == expected)
    }

    @Test("resolve returns nil for a missing member or a path through a scalar")
    func resolveMissing() throws {
        let document = Self.rfcDocument
        #expect(try #require(JSONPointer("/missing")).resolve(in: document) == nil)
        #expect(try #require(JSONPointer("/foo/0/x")).resolve(in: document) == nil)
        #expect(try #require(JSONPointer("/a~1b/0")).resolve(in: document) == nil)
        #expect(try #require(JSONPointer("/a/b")).resolve(in: document) == nil)
        #expect(JSONPointer.root.resolve(in: 5) == 5)
        #expect(try #require(JSONPointer("/0")).resolve(in: ["0": "member"]) == "member")
    }

    @Test("appending and parent build pointers token by token")
    func appendingAndParent() {
        let pointer = JSONPointer.root.appending("compartments").appending(0).appending("a/b")
        #expect(pointer.description == "/compartments/0/a~1b")
        #expect(pointer.tokens == ["compartments", "0", "a/b"])
        #expect(pointer.parent.description == "/compartments/0")
        #expect(pointer.parent.parent.parent == .root)
        #expect(JSONPointer.root.parent == .root)
        #expect(JSONPointer.root.description == "")
        let document: JSONValue = ["compartments": [["a/b": true]]]
        #expect(pointer.resolve(in: document) == true)
    }

    @Test("pointers sort token by token, a parent before its children")
    func pointersSortByTokens() throws {
        let texts = ["/b", "/a/1", "", "/a", "/a/0", "/a/0/x"]
        let sorted = try texts.map { try #require(JSONPointer($0)) }.sorted().map(\.description)
        #expect(sorted == ["", "/a", "/a/0", "/a/0/x", "/a/1", "/b"])
    }
}
