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

/// Header names as lookup keys: equal and hashed alike without regard to ASCII case, and only
/// letters fold (`@` and `` ` `` differ by the same bit as `A` and `a`).
@Suite struct CaseInsensitiveNameTests {
    @Test func namesDifferingInLetterCaseAreOneKey() {
        let table: [CaseInsensitiveName: Int] = ["Authorization": 1, "x-api-key": 2]
        #expect(table[CaseInsensitiveName("AUTHORIZATION")] == 1)
        #expect(table[CaseInsensitiveName("authorization")] == 1)
        #expect(table[CaseInsensitiveName("X-API-KEY")] == 2)
        #expect(table[CaseInsensitiveName("Authorisation")] == nil)
        #expect(table[CaseInsensitiveName("Authorization ")] == nil)
    }

    @Test func onlyLettersFold() {
        #expect(CaseInsensitiveName("a@b") != CaseInsensitiveName("a`b"))
        #expect(CaseInsensitiveName("a[b") != CaseInsensitiveName("a{b"))
        #expect(CaseInsensitiveName("ÄB") != CaseInsensitiveName("äb"))
        #expect(CaseInsensitiveName("Set-Cookie") == CaseInsensitiveName("set-cookie"))
    }
}
