import HTTPWire
import HarnessCore
@testable import KitchenRecorder
import Testing

/// A recorded `headersSize` is counted without encoding the head: for every head the recorder
/// records (one HTTPWire's parser accepted, or one the proxy made), the count must be the
/// encoder's own byte count. Heads are drawn at random from parts the parser accepts.
@Suite struct HeadSizeTests {
    static let methods = ["GET", "POST", "DELETE", "M-SEARCH", "x~y!"]
    static let targets = ["/", "/devices/oven-1/oven?x=1&y=%20", "http://h:1/a", "*", "/%C3%A9"]
    static let names = ["Host", "Content-Type", "X-A.b_c|d~e`f^g'h", "a"]
    static let values = ["", "application/json", "a\tb c", "naïve 🍳", " "]
    static let reasons = ["OK", "", "Not Found", "Très bien", "tab\there"]
    static let statuses = [100, 101, 200, 204, 404, 599, 999]

    func headers(_ random: inout SeededGenerator) -> HTTPHeaders {
        HTTPHeaders((0..<Int.random(in: 0...5, using: &random)).map { _ in
            HTTPHeaders.Field(name: Self.names.randomElement(using: &random) ?? "", value: Self.values.randomElement(using: &random) ?? "")
        })
    }

    @Test func requestHeadSizeIsTheEncodersByteCount() throws {
        var random = SeededGenerator(seed: 12)
        for _ in 0..<1000 {
            let request = HTTPRequest(
                method: HTTPMethod(rawValue: Self.methods.randomElement(using: &random) ?? ""),
                target: Self.targets.randomElement(using: &random) ?? "",
                version: Bool.random(using: &random) ? .http1_1 : .http1_0, headers: headers(&random))
            let encoded = try HTTPEncoder.requestHead(request)
            #expect(ExchangeRecorder.headSize(request) == encoded.count, "\(request)")
        }
    }

    @Test func responseHeadSizeIsTheEncodersByteCount() throws {
        var random = SeededGenerator(seed: 21)
        for _ in 0..<1000 {
            let status = HTTPStatus(Self.statuses.randomElement(using: &random) ?? 200,
                                    reasonPhrase: Self.reasons.randomElement(using: &random))
            let response = HTTPResponse(status: status, headers: headers(&random))
            let encoded = try HTTPEncoder.responseHead(status: status, headers: response.headers)
            #expect(ExchangeRecorder.headSize(response) == encoded.count, "\(status) \(response.headers)")
        }
    }
}
