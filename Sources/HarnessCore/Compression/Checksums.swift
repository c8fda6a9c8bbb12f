/// CRC-32 as gzip uses it (RFC 1952 §8: the reflected polynomial 0xEDB88320), computed eight
/// bytes at a step with precomputed tables.
///
/// ```swift
/// CRC32.checksum(Array("123456789".utf8))  // 0xCBF43926
/// let running = CRC32.checksum(second, seed: CRC32.checksum(first))  // the CRC of first + second
/// ```
package enum CRC32 {
    /// The CRC-32 of `bytes`, continuing from `seed` (the CRC of what came before, 0 at the start).
    package static func checksum(_ bytes: some Sequence<UInt8>, seed: UInt32 = 0) -> UInt32 {
        if let result = bytes.withContiguousStorageIfAvailable({ update(seed, $0) }) { return result }
        return Array(bytes).withUnsafeBufferPointer { update(seed, $0) }
    }

    /// Eight tables of 256 entries: table `k` advances a byte followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            tables[byte] = crc
        }
        for byte in 0..<256 {
            for table in 1..<8 {
                let previous = tables[(table - 1) * 256 + byte]
                tables[table * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    static func update(_ seed: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard let base = bytes.baseAddress else { return seed }
        var crc = ~seed
        var index = 0
        let count = bytes.count
        tables.withUnsafeBufferPointer { table in
            while index + 8 <= count {
                let low = crc ^ (UInt32(base[index]) | UInt32(base[index + 1]) << 8
                    | UInt32(base[index + 2]) << 16 | UInt32(base[index + 3]) << 24)
                crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int(low >> 8 & 0xFF)]
                    ^ table[5 * 256 + Int(low >> 16 & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(base[index + 4])] ^ table[2 * 256 + Int(base[index + 5])]
                    ^ table[256 + Int(base[index + 6])] ^ table[Int(base[index + 7])]
                index += 8
            }
            while index < count {
                crc = (crc >> 8) ^ table[Int((crc ^ UInt32(base[index])) & 0xFF)]
                index += 1
            }
        }
        return ~crc
    }
}

/// Adler-32 as zlib uses it (RFC 1950 §8.2).
///
/// ```swift
/// Adler32.checksum(Array("Wikipedia".utf8))  // 0x11E60398
/// ```
package enum Adler32 {
    /// The Adler-32 of `bytes`, continuing from `seed` (1 at the start).
    package static func checksum(_ bytes: some Sequence<UInt8>, seed: UInt32 = 1) -> UInt32 {
        if let result = bytes.withContiguousStorageIfAvailable({ update(seed, $0) }) { return result }
        return Array(bytes).withUnsafeBufferPointer { update(seed, $0) }
    }

    static func update(_ seed: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let modulus: UInt32 = 65521
        // 5552 is the most bytes whose sums cannot overflow 32 bits before the modulo (zlib's NMAX).
        let run = 5552
        var a = seed & 0xFFFF, b = seed >> 16
        var index = 0
        while index < bytes.count {
            let end = min(index + run, bytes.count)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= modulus
            b %= modulus
        }
        return b << 16 | a
    }
}
