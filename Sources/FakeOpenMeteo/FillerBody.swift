import NIOCore

/// The body of ``FakeResponse/oversized(bytes:)``: `{"filler":"xxxx…"}` of exactly `total` bytes, produced a
/// slice at a time so that the whole body is never held in memory.
struct FillerBody {
    /// The suggested slice size, 64 KiB.
    static let chunkSize = 64 * 1024

    private static let prefix = Array(#"{"latitude":52.52,"longitude":13.41,"filler":""#.utf8)
    private static let suffix = Array(#""}"#.utf8)

    /// The total length in bytes.
    let total: Int

    init(total: Int) {
        self.total = max(0, total)
    }

    /// Writes the body bytes at `range` (clamped to the body) into `buffer`.
    func write(_ range: Range<Int>, into buffer: inout ByteBuffer) {
        let range = range.clamped(to: 0..<total)
        guard total >= Self.prefix.count + Self.suffix.count else {
            // Too short to be JSON-like: plain spaces.
            buffer.writeRepeatingByte(UInt8(ascii: " "), count: range.count)
            return
        }
        let suffixStart = total - Self.suffix.count
        let prefixPart = range.clamped(to: 0..<Self.prefix.count)
        let middlePart = range.clamped(to: Self.prefix.count..<suffixStart)
        let suffixPart = range.clamped(to: suffixStart..<total)
        buffer.writeBytes(Self.prefix[prefixPart])
        buffer.writeRepeatingByte(UInt8(ascii: "x"), count: middlePart.count)
        buffer.writeBytes(Self.suffix[(suffixPart.lowerBound - suffixStart)..<(suffixPart.upperBound - suffixStart)])
    }
}
