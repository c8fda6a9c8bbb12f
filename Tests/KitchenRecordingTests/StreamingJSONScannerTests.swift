import HarnessCore
import Testing
@testable import KitchenRecording

/// The walk behind byte-exact redaction: each token with its path, the bytes between tokens
/// handed on as they are, and the same steps however the text is cut into pieces.
@Suite struct StreamingJSONScannerTests {
    /// Each step as text (kind, bytes, path), the text fed in pieces ending at `cuts`.
    static func steps(_ text: String, cutAt cuts: [Int] = []) throws -> [String] {
        let bytes = Array(text.utf8)
        var scanner = StreamingJSONScanner(maximumTokenBytes: 1 << 20)
        var steps: [String] = []
        var verbatim: [UInt8] = []
        let visit: StreamingJSONScanner.Visitor = { (step) throws(RecordingError) in
            func at(_ path: [JSONPathComponent]) -> String { "/" + path.map(\.token).joined(separator: "/") }
            if case .verbatim(let bytes) = step {
                verbatim += bytes
                return
            }
            if !verbatim.isEmpty { steps.append("verbatim \(String(decoding: verbatim, as: UTF8.self))") }
            verbatim = []
            switch step {
            case .verbatim: break
            case .open(let path): steps.append("open \(at(path))")
            case .close(let path): steps.append("close \(at(path))")
            case .token(let token, let bytes, let offset, let path):
                steps.append("\(token) \(String(decoding: bytes, as: UTF8.self)) @\(offset) \(at(path))")
            }
        }
        var start = 0
        for cut in cuts {
            try scanner.feed(bytes[start..<cut], visit)
            start = cut
        }
        try scanner.feed(bytes[start...], visit)
        try scanner.finish(visit)
        if !verbatim.isEmpty { steps.append("verbatim \(String(decoding: verbatim, as: UTF8.self))") }
        return steps
    }

    static let sample = #" {"a": [1, "x", {}], "b\u0063" : -0.5e+3, "n": null} "#

    @Test func everyTokenIsHandedOnWithItsPath() throws {
        #expect(try Self.steps(Self.sample) == [
            "verbatim  ", "open /", "verbatim {", #"key(escaped: false) "a" @2 /a"#, "verbatim : ", "open /a", "verbatim [",
            "number(isInteger: true) 1 @8 /a/0", "verbatim , ", #"string(escaped: false) "x" @11 /a/1"#, "verbatim , ", "open /a/2",
            "verbatim {}", "close /a/2", "verbatim ]", "close /a", "verbatim , ", #"key(escaped: true) "b\u0063" @21 /bc"#,
            "verbatim  : ", "number(isInteger: false) -0.5e+3 @33 /bc", "verbatim , ", #"key(escaped: false) "n" @42 /n"#,
            "verbatim : ", "literal null @47 /n", "verbatim }", "close /", "verbatim  ",
        ])
    }

    @Test func aRepeatedMemberIsHandedOnEachTime() throws {
        #expect(try Self.steps(#"{"p":"a","p":"b"}"#).filter { $0.hasPrefix("string") } == [
            #"string(escaped: false) "a" @5 /p"#, #"string(escaped: false) "b" @13 /p"#,
        ])
    }

    @Test(arguments: 0...sample.utf8.count)
    func theStepsAreTheSameWhereverTheTextIsCut(_ cut: Int) throws {
        #expect(try Self.steps(Self.sample, cutAt: [cut]) == Self.steps(Self.sample))
    }

    @Test func longTokensFedByteByByteAreHandedOnWhole() throws {
        let digits = String(repeating: "1234567890", count: 3000)
        let text = #"{"k": ["# + "\"\(digits)\\n\", -\(digits).\(digits)e\(digits)]}"
        #expect(try Self.steps(text, cutAt: Array(1..<text.utf8.count)) == Self.steps(text))
    }

    @Test func aTokenLongerThanTheLimitIsRefusedAtItsStart() {
        var scanner = StreamingJSONScanner(maximumTokenBytes: 8)
        #expect {
            try scanner.feed(Array(#"["0123456789"#.utf8)[...]) { (_) throws(RecordingError) in }
        } throws: { error in
            guard case StreamingJSONScanner.Failure.tokenTooLong(let offset, let limit) = error else { return false }
            return offset == 1 && limit == 8
        }
    }

    @Test func whatWasNotHandedOnIsKeptWhenTheTextStopsBeingJSON() {
        var scanner = StreamingJSONScanner(maximumTokenBytes: 64)
        var handed: [UInt8] = []
        let visit: StreamingJSONScanner.Visitor = { (step) throws(RecordingError) in
            switch step {
            case .verbatim(let bytes): handed += bytes
            case .token(_, let bytes, _, _): handed += bytes
            case .open, .close: break
            }
        }
        #expect(throws: (any Error).self) {
            try scanner.feed(Array(#"{"a": 1, "b"#.utf8)[...], visit)
            try scanner.feed(Array(#"": tru}"#.utf8)[...], visit)
        }
        #expect(String(decoding: handed + scanner.unhanded, as: UTF8.self) == #"{"a": 1, "b": tru}"#)
    }
}
