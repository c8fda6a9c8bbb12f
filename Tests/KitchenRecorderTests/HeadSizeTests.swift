import HTTPWire
import HarnessCore
@testable import KitchenRecorder
import Testing

/// `headersSize` is counted without encoding the head: the count must be the encoder's own,
/// for heads it writes and (as -1) for heads it refuses. Heads are drawn at random from parts
/// that are valid, and from parts each rule of the encoder refuses.
@Suite struct HeadSizeTests {
    static let methods = ["GET", "POST", "DELETE", "M-SEARCH", "x~y!", "", "GE T", "GÉT", "G\u{7F}"]
    static let targets = ["/", "/devices/oven-1/oven?x=1&y=%20", "http://h:1/a", "*", "", "/a b", "/é", "/\t", "/\u{7E}\u{7F}"]
    static let names = ["Host", "Content-Type", "X-A.b_c|d~e`f^g'h", "a", "", "Bad Name", "Bad:Name", "Nämé", "X\u{1}"]
    static let values = ["", "application/json", "a\tb c", "naïve 🍳", "line\r\nbreak", "nul\u{0}", "del\u{7F}", "bell\u{7}", " "]
    static let reasons = ["OK", "", "Not Found", "Très bien", "tab\there", "bad\r\n", "nul\u{0}"]
    static let statuses = [0, 99, 100, 101, 200, 204, 404, 599, 999, 1000, -1]

    /// One of the first `valid` parts three times in four, else any part.
    func mostlyValid(_ parts: [String], valid: Int, _ random: inout SeededGenerator) -> String {
        Int.random(in: 0..<4, using: &random) > 0 ? parts[Int.random(in: 0..<valid, using: &random)] : parts.randomElement(using: &random) ?? ""
    }

    func headers(_ random: inout SeededGenerator) -> HTTPHeaders {
        HTTPHeaders((0..<Int.random(in: 0...5, using: &random)).map { _ in
            // Mostly valid fields, so that many heads pass and the counting itself is compared.
            let valid = Bool.random(using: &random)
            let name = valid ? Self.names[Int.random(in: 0...3, using: &random)] : Self.names.randomElement(using: &random) ?? ""
            let value = valid ? Self.values[Int.random(in: 0...4, using: &random)] : Self.values.randomElement(using: &random) ?? ""
            return HTTPHeaders.Field(name: name, value: value)
        })
    }

    @Test func requestHeadSizeIsTheEncodersByteCountOrMinusOneWhenItRefuses() {
        var random = SeededGenerator(seed: 12)
        var (written, refused) = (0, 0)
        for _ in 0..<3000 {
            let request = HTTPRequest(
                method: HTTPMethod(rawValue: mostlyValid(Self.methods, valid: 4, &random)),
                target: mostlyValid(Self.targets, valid: 4, &random),
                version: Bool.random(using: &random) ? .http1_1 : .http1_0, headers: headers(&random))
            let encoded = (try? HTTPEncoder.requestHead(request).count) ?? -1
            #expect(HeadSize.request(request) == encoded, "\(request)")
            if encoded < 0 { refused += 1 } else { written += 1 }
        }
        #expect(written > 300 && refused > 300, "written \(written), refused \(refused)")
    }

    @Test func responseHeadSizeIsTheEncodersByteCountOrMinusOneWhenItRefuses() {
        var random = SeededGenerator(seed: 21)
        var (written, refused) = (0, 0)
        for _ in 0..<3000 {
            let status = HTTPStatus(Self.statuses.randomElement(using: &random) ?? 200,
                                    reasonPhrase: Self.reasons.randomElement(using: &random))
            let headers = headers(&random)
            let encoded = (try? HTTPEncoder.responseHead(status: status, headers: headers).count) ?? -1
            #expect(HeadSize.response(status: status, headers: headers) == encoded, "\(status) \(headers)")
            if encoded < 0 { refused += 1 } else { written += 1 }
        }
        #expect(written > 300 && refused > 300, "written \(written), refused \(refused)")
    }

    @Test func everyTokenByteAndOnlyThoseAreAcceptedInAFieldName() {
        // Byte by byte over all 256 values: the name `X<byte>` is counted exactly when the encoder writes it.
        for byte in UInt8.min...UInt8.max {
            let name = String(decoding: [UInt8(ascii: "X"), byte], as: UTF8.self)
            let headers = HTTPHeaders([HTTPHeaders.Field(name: name, value: "v")])
            let encoded = (try? HTTPEncoder.responseHead(status: .ok, headers: headers).count) ?? -1
            #expect(HeadSize.response(status: .ok, headers: headers) == encoded, "byte \(byte)")
        }
    }
}
