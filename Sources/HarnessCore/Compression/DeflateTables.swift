/// The fixed tables of RFC 1951 §3.2.5 and §3.2.6, shared by the decoder and the encoder.
enum DeflateTables {
    /// Base match length of length symbols 257...285.
    static let lengthBase: [UInt16] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                       35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    /// Extra bits after length symbols 257...285.
    static let lengthExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                           3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// Base distance of distance symbols 0...29.
    static let distanceBase: [UInt16] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                         257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                                         8193, 12289, 16385, 24577]
    /// Extra bits after distance symbols 0...29.
    static let distanceExtraBits: [UInt8] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                             7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// `base << 8 | extraBits` of length symbols 257...285, for the decoder's inner loop.
    static let lengthBaseAndExtra: [UInt32] = zip(lengthBase, lengthExtraBits).map { UInt32($0) << 8 | UInt32($1) }
    /// `base << 8 | extraBits` of distance symbols 0...29.
    static let distanceBaseAndExtra: [UInt32] = zip(distanceBase, distanceExtraBits).map { UInt32($0) << 8 | UInt32($1) }
    /// The order in which code length code lengths are sent (§3.2.7).
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Code lengths of the fixed literal/length code (§3.2.6), all 288 symbols.
    static let fixedLiteralLengths: [UInt8] =
        Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
        + Array(repeating: 8, count: 8)
    /// Code lengths of the fixed distance code: 30 usable symbols and two that never occur.
    static let fixedDistanceLengths: [UInt8] = Array(repeating: 5, count: 32)

    /// The most bits a back-reference may reach (§3.2.5: distances up to 32768).
    static let windowSize = 32768
    /// The largest length a back-reference may copy.
    static let maxMatch = 258
}
