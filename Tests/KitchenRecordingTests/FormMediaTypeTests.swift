import Testing
@testable import KitchenRecording

/// Which bodies redaction reads as HTML forms: the media type compared without regard to ASCII
/// case (RFC 9110 §8.3.1), parameters and spaces around the essence ignored.
@Suite struct FormMediaTypeTests {
    @Test(arguments: ["application/x-www-form-urlencoded", "Application/X-WWW-Form-URLEncoded",
                      " application/x-www-form-urlencoded ; charset=utf-8", "APPLICATION/X-WWW-FORM-URLENCODED;q=1"])
    func formsAreRecognised(_ mimeType: String) {
        #expect(Redactor.isForm(mimeType))
    }

    /// Case folding applies to letters only: a control byte whose bit 5 set gives `-` or `/`
    /// is not the same type (CR | 0x20 is `-`, 0x0F | 0x20 is `/`).
    @Test(arguments: ["application/x\rwww-form-urlencoded", "application\u{0F}x-www-form-urlencoded",
                      "application/x-www-form-urlencodedx", "application/json", "multipart/form-data", ""])
    func otherTypesAreNot(_ mimeType: String) {
        #expect(!Redactor.isForm(mimeType))
    }

    @Test func noTypeIsNotAForm() {
        #expect(!Redactor.isForm(nil))
    }
}
