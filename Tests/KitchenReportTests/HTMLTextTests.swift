import Testing
@testable import KitchenReport

@Suite("HTML text: escaping and numbers")
struct HTMLTextTests {
    @Test("numbers print with at most two decimals and no locale", arguments: [
        (12.3456, "12.35"), (3.0, "3"), (-0.25, "-0.25"), (0.5, "0.5"), (0.05, "0.05"), (1_000_000.1, "1000000.1"), (.nan, "0"),
    ])
    func number(_ value: Double, _ expected: String) {
        #expect(HTMLText.number(value) == expected)
    }

    @Test("offsets print as kitchen reproduce prints them")
    func offsets() {
        #expect(HTMLText.offset(milliseconds: 0) == "+0.000s")
        #expect(HTMLText.offset(milliseconds: 15_540) == "+15.540s")
        #expect(HTMLText.offset(milliseconds: -5) == "-0.005s")
    }
}
