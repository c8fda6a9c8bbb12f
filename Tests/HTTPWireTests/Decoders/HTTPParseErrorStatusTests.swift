import HTTPWire
import Testing

/// Each HTTP rule maps to one status (RFC 9110 §15): the table a server answers from.
@Suite struct HTTPParseErrorStatusTests {
    @Test(arguments: [
        (HTTPParseError.startLineTooLong(limit: 1), 414),
        (.headerSectionTooLarge(limit: 1), 431),
        (.tooManyHeaderFields(limit: 1), 431),
        (.bodyTooLarge(limit: 1), 413),
        (.startLineWithoutCRLF("x"), 400),
        (.malformedRequestLine("x"), 400),
        (.invalidMethod("x"), 400),
        (.invalidRequestTarget("x"), 400),
        (.malformedVersion("x"), 400),
        (.malformedStatusLine("x"), 400),
        (.fieldLineWithoutCRLF("x"), 400),
        (.fieldLineWithoutName("x"), 400),
        (.invalidFieldName("x"), 400),
        (.invalidFieldValue("x"), 400),
        (.whitespaceBeforeColon("x"), 400),
        (.obsoleteLineFolding, 400),
        (.invalidContentLength("+1"), 400),
        (.multipleContentLength, 400),
        (.contentLengthWithTransferEncoding, 400),
        (.transferEncodingInHTTP10, 400),
        (.chunkedNotFinal("chunked, gzip"), 400),
        (.unsupportedTransferCoding("gzip"), 501),
        (.missingHost, 400),
        (.multipleHost, 400),
        (.chunkLineTooLong(limit: 1), 400),
        (.chunkLineWithoutCRLF, 400),
        (.chunkSizeNotHex, 400),
        (.chunkSizeTooLong, 400),
        (.malformedChunkExtension, 400),
        (.missingCRLFAfterChunkData, 400),
        (.trailerLineWithoutCRLF, 400),
        (.malformedTrailerField, 400),
        (.unsupportedVersion("HTTP/2.0"), 505),
        (.truncated, 400),
    ])
    func parseErrorMapsToItsStatus(error: HTTPParseError, status: Int) {
        #expect(error.status.code == status)
    }
}
