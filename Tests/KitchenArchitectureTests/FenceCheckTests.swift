import Testing

/// The fence rules on made-up files: each rule fires on the file that breaks it, and stays
/// quiet on the shape it asks for.
@Suite("Platform fence rules")
struct FenceCheckTests {
    static let fenced = FencedFiles(patterns: ["Sources/Wire/System/Platform*.swift", "Sources/Store/POSIXFile.swift"])
    static let check = FenceCheck(fenced: fenced)
    static let outside = "Sources/Wire/Loop/Loop.swift"
    static let inside = "Sources/Wire/System/Platform+Poll.swift"

    static func problems(_ source: String, path: String = outside) -> [FenceProblem] {
        check.problems(path: path, source: source)
    }

    static let twinned = """
        #if canImport(Glibc)
        import Glibc
        #elseif canImport(Darwin)
        import Darwin
        #else
        #error("no branch for this C library")
        #endif
        """

    @Test("a fenced file with twinned blocks has no problem")
    func conformingFile() {
        #expect(Self.problems(Self.twinned + "\nlet fd = epoll_create1(0)\n", path: Self.inside) == [])
    }

    @Test(arguments: [
        ("let queue = epoll_create1(0)", "epoll"),
        ("let flags = UInt32(EPOLLIN.rawValue)", "epoll"),
        ("let counter = eventfd(0, 0)", "eventfd"),
        ("let fd = accept4(listener, nil, nil, 0)", "accept4"),
        ("let type = SOCK_STREAM | SOCK_NONBLOCK", "SOCK_NONBLOCK"),
        ("send(fd, pointer, count, MSG_NOSIGNAL)", "MSG_NOSIGNAL"),
        ("import Glibc", "Glibc"),
        ("let status = try String(contentsOfFile: \"/proc/self/status\")", "/proc/"),
        ("let handle = dlopen(\"libssl.so.3\", RTLD_NOW)", "dlopen"),
    ])
    func aLinuxOnlyNameOutsideTheFenceIsReported(line: String, name: String) {
        #expect(Self.problems("let a = 1\n" + line) == [.linuxOnlyName(file: Self.outside, line: 2, name: name)])
        #expect(Self.problems(line, path: Self.inside) == [])
    }

    @Test("a Linux-only name in a comment, or inside a longer name, is not a call")
    func commentsAndLongerNamesAreIgnored() {
        let source = """
            // Waits with epoll on Linux, kqueue elsewhere.
            /* eventfd wakes it */ let loop = 1
            import CEpoll
            let GlibcLike = 2; let myGlibc = 3
            """
        #expect(Self.problems(source) == [])
    }

    @Test("a Glibc block without a Darwin branch is reported")
    func glibcWithoutDarwin() {
        let source = """
            #if canImport(Glibc)
            let flags = 1
            #else
            #error("no")
            #endif
            """
        #expect(Self.problems(source, path: Self.inside) == [.noDarwinTwin(file: Self.inside, line: 1)])
    }

    @Test("a Darwin block without a Glibc branch is reported")
    func darwinWithoutGlibc() {
        let source = """
            func f() {
                #if canImport(Darwin)
                g()
                #elseif canImport(Musl)
                h()
                #else
                #error("no")
                #endif
            }
            """
        #expect(Self.problems(source, path: Self.inside) == [.noGlibcTwin(file: Self.inside, line: 2)])
    }

    @Test(arguments: [
        // Darwin, then everything else assumed to be Glibc.
        "#if canImport(Darwin)\nlet a = 1\n#elseif canImport(Glibc)\nlet a = 2\n#endif",
        "#if canImport(Glibc)\nlet a = 1\n#elseif canImport(Darwin)\nlet a = 2\n#else\nlet a = 3\n#endif",
    ])
    func aPlatformBlockThatFallsBackSilentlyIsReported(source: String) {
        #expect(Self.problems(source, path: Self.inside) == [.silentFallback(file: Self.inside, line: 1)])
    }

    @Test("the old shape, `#if canImport(Darwin) … #else` (Glibc assumed), breaks both rules")
    func darwinElseAssumesGlibc() {
        let source = "let x = 0\n#if canImport(Darwin)\nlet a = 1\n#else\nlet a = 2\n#endif"
        #expect(Self.problems(source, path: Self.inside) == [
            .noGlibcTwin(file: Self.inside, line: 2), .silentFallback(file: Self.inside, line: 2),
        ])
    }

    @Test("a file wholly one platform's is that platform's half of a pair, not a block missing its twin")
    func wholeFileIsExempt() {
        let source = "// Apple's engine.\n#if canImport(Darwin)\nenum Engine {}\n#endif\n"
        #expect(Self.problems(source, path: Self.inside) == [])
        #expect(Self.problems("import Foundation\n" + source, path: Self.inside) == [
            .noGlibcTwin(file: Self.inside, line: 3), .silentFallback(file: Self.inside, line: 3),
        ])
    }

    @Test("a required URLProtocol initializer outside canImport(FoundationNetworking) is reported")
    func requiredInitializer() {
        let bare = "class P: URLProtocol {\n    required init(request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?) {}\n}"
        #expect(Self.problems(bare) == [
            .foundationNetworkingOnly(file: Self.outside, line: 2, shape: "a `required` URLProtocol initializer"),
        ])
        let fenced = """
            class P: URLProtocol {
                #if canImport(FoundationNetworking)
                required init(request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?) {}
                #else
                override init(request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?) {}
                #endif
            }
            """
        #expect(Self.problems(fenced) == [])
    }

    @Test("the shared session's configuration outside canImport(FoundationNetworking) is reported, even in its #else")
    func sharedConfiguration() {
        let source = """
            #if canImport(FoundationNetworking)
            URLSession.shared.configuration.urlCache = nil
            #else
            URLSession.shared.configuration.urlCache = nil
            #endif
            """
        #expect(Self.problems(source) == [
            .foundationNetworkingOnly(file: Self.outside, line: 4,
                                      shape: "`URLSession.shared.configuration` (a copy on Apple platforms)"),
        ])
    }

    @Test("the README's list reads as paths between its markers, `*` within one component")
    func readmeList() throws {
        let readme = """
            Some text naming `Sources/Elsewhere.swift`.
            <!-- fenced files -->
            - `Sources/Wire/System/Platform*.swift` (sockets, readiness)
            - `Sources/Store/POSIXFile.swift`
            <!-- end fenced files -->
            """
        let list = try FencedFiles(readme: readme)
        #expect(list == Self.fenced)
        #expect(list.contains("Sources/Wire/System/Platform+Readiness.swift"))
        #expect(list.contains("Sources/Wire/System/Platform.swift"))
        #expect(!list.contains("Sources/Wire/System/Sub/Platform.swift"))
        #expect(!list.contains("Sources/Wire/System/Socket.swift"))
        #expect(throws: FencedFiles.ParseError.noList) { try FencedFiles(readme: "no list here") }
    }
}
