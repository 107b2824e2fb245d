/// Gzip (RFC 1952) as far as the look-alike needs it: the answer wrapped in stored (uncompressed) deflate
/// blocks, with its CRC-32 and length. Every gzip reader takes it, so a client's `Accept-Encoding: gzip` and
/// its decompression are exercised; the size is not MET's (its 37 KB answer compresses to 3 KB).
enum Gzip {
    /// `bytes` as a gzip member.
    static func stored(_ bytes: [UInt8]) -> [UInt8] {
        // ID1 ID2, CM 8 (deflate), no flags, no time, no extra flags, OS unknown.
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255]
        out.reserveCapacity(bytes.count + bytes.count / 65_535 * 5 + 23)
        var offset = 0
        repeat {
            let end = min(offset + 65_535, bytes.count)
            let length = UInt16(end - offset)
            out.append(end == bytes.count ? 1 : 0)  // BFINAL, BTYPE 00: stored
            out += littleEndian(UInt32(length) | UInt32(~length) << 16)
            out += bytes[offset..<end]
            offset = end
        } while offset < bytes.count
        out += littleEndian(crc32(bytes))
        out += littleEndian(UInt32(truncatingIfNeeded: bytes.count))
        return out
    }

    /// The CRC-32 of gzip and zlib (polynomial 0xEDB88320, reflected), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
