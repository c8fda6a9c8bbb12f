import KitchenControllerProperties
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// Live-update frames, valid, mistyped, incomplete and unknown, as the client reads them.
struct LiveFramePropertyTests {
    @Test func framesAreReadAsStateMalformedOrUnknownAsAPIMdSays() async {
        await check(LiveFrameProperties.framesAreReadAsAPIMdSays())
    }

    /// Each planted reader bug is found from every seed, on the frame shape it breaks.
    @Test(arguments: PlantedFrameBug.allCases)
    func aBrokenFrameReaderIsFound(bug: PlantedFrameBug) async {
        for seed in plantedBugSeeds {
            guard let shrunk = await shrunkFailure(of: LiveFrameProperties.framesAreReadAsAPIMdSays(bug.decode), seed: seed)
            else { continue }
            switch bug {
            case .acceptsQuotedNumbers:
                #expect(shrunk.failure.contains(#"expected "malformed""#) || shrunk.failure.contains("expected malformed"),
                        "seed \(seed): \(shrunk.failure)")
            case .unknownDeviceTypeIsMalformed:
                #expect(shrunk.failure.contains("unknown state"), "seed \(seed): \(shrunk.failure)")
            }
        }
    }
}
