import CZlib
import WeatherCore

/// An HTTP body in its `Content-Encoding` (none, `gzip` or `deflate`), inflated only as far as its reader
/// needs it.
///
/// MET Norway's answer always carries nine days (about 45 KB inflated from 3 KB), while most fetches read
/// the current hour alone: inflating it whole in AsyncHTTPClient's decompression (a handler in the channel
/// pipeline) cost about 45 µs of a MET fetch's 550 (perf, bench-planner-day). The
/// reader gets a first part (``read(_:encoding:limit:firstBytes:_:)``'s `firstBytes`) and, only when that
/// was not enough, the whole body, inflated into room for the size gzip's trailer says (a hint: a body
/// cut short has none), up to `limit`.
enum EncodedBody {
    /// `read`'s answer for `body`: first over its first `firstBytes` inflated bytes (all at once when nil or
    /// when the body is not compressed), `whole` false, where `read` returns nil when it needs more; then
    /// over the whole body, `whole` true, where it must answer or throw. A body that is not what its
    /// encoding says, cut short, or larger than `limit` inflated is `invalid_response`.
    static func read<Value>(
        _ body: UnsafeRawBufferPointer,
        encoding: String?,
        limit: Int,
        firstBytes: Int?,
        _ read: (UnsafeBufferPointer<UInt8>, _ whole: Bool) throws(FetchError) -> Value?
    ) throws(FetchError) -> Value {
        let windowBits: Int32
        switch encoding?.lowercased() {
        case nil, "identity":
            let bytes = UnsafeBufferPointer(
                start: body.baseAddress?.assumingMemoryBound(to: UInt8.self),
                count: body.count
            )
            guard let value = try read(bytes, true) else { throw invalid("unreadable") }
            return value
        case "gzip", "x-gzip": windowBits = 15 + 16
        case "deflate": windowBits = 15
        case let other?: throw invalid("Content-Encoding \(other) not understood")
        }
        var inflater = try Inflater(body, windowBits: windowBits, limit: limit)
        defer { inflater.end() }
        if let firstBytes, firstBytes < inflater.capacity {
            if try !inflater.inflate(upTo: firstBytes), let value = try read(inflater.inflated, false) {
                return value
            }
        }
        while try !inflater.inflate(upTo: inflater.capacity) {
            guard inflater.capacity < limit else { throw invalid("body over \(limit / 1024) KiB") }
            inflater.grow(to: min(limit, inflater.capacity * 2))
        }
        guard let value = try read(inflater.inflated, true) else { throw invalid("unreadable") }
        return value
    }

    static func invalid(_ message: String) -> FetchError {
        FetchError(kind: .invalidResponse, message: "invalid response: \(message)")
    }

    /// One zlib stream over a body, into a buffer of the inflated size gzip's trailer says, or `limit`.
    /// The stream stays where it was made (zlib's state points back at it).
    private struct Inflater {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        var output: UnsafeMutableBufferPointer<UInt8>
        var produced = 0

        init(_ body: UnsafeRawBufferPointer, windowBits: Int32, limit: Int) throws(FetchError) {
            // gzip's last four bytes: the inflated size, modulo 2³² (little-endian), when the body is whole.
            var capacity = limit
            if windowBits > 15, body.count >= 18 {
                let size = Int(
                    UInt32(littleEndian: body.loadUnaligned(fromByteOffset: body.count - 4, as: UInt32.self))
                )
                capacity = min(size, limit)
            }
            output = .allocate(capacity: max(capacity, 1))
            stream.initialize(to: z_stream())
            guard inflateInit2_(stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                output.deallocate()
                stream.deallocate()
                throw invalid("zlib refused to start")
            }
            stream.pointee.next_in = UnsafeMutablePointer(
                mutating: body.baseAddress?.assumingMemoryBound(to: Bytef.self)
            )
            stream.pointee.avail_in = uInt(body.count)
        }

        /// The bytes inflated so far.
        var inflated: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: output[..<produced]) }

        /// The size inflating may reach.
        var capacity: Int { output.count }

        /// Inflates up to `end` bytes in all: true when the stream ended there, false when `end` was reached
        /// first.
        mutating func inflate(upTo end: Int) throws(FetchError) -> Bool {
            guard end > produced else { return false }
            stream.pointee.next_out = output.baseAddress! + produced
            stream.pointee.avail_out = uInt(end - produced)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            produced = end - Int(stream.pointee.avail_out)
            switch status {
            case Z_STREAM_END: return true
            case Z_OK, Z_BUF_ERROR:
                guard stream.pointee.avail_out == 0 else { throw invalid("compressed body cut short") }
                return false
            default:
                throw invalid("not the compressed body its Content-Encoding says")
            }
        }

        /// Room for `capacity` bytes, those inflated so far kept.
        mutating func grow(to capacity: Int) {
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
            _ = larger.initialize(from: output[..<produced])
            output.deallocate()
            output = larger
        }

        /// Frees the stream and the buffer.
        func end() {
            inflateEnd(stream)
            stream.deallocate()
            output.deallocate()
        }
    }
}
