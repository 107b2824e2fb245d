import CZlib
import Testing
import WeatherCore

@testable import MetNorway

/// A body inflated only as far as its reader needs it, and every way a compressed body can be wrong.
@Suite("EncodedBody")
struct EncodedBodyTests {
    /// `text` gzipped by zlib.
    static func gzip(_ text: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        #expect(
            deflateInit2_(
                &stream,
                6,
                Z_DEFLATED,
                15 + 16,
                8,
                Z_DEFAULT_STRATEGY,
                ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)
            ) == Z_OK
        )
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(text.count))) + 32)
        var input = text
        let count = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                #expect(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return Int(stream.total_out)
            }
        }
        deflateEnd(&stream)
        return Array(output[..<count])
    }

    static let text = Array((0..<2000).map { "step \($0);" }.joined().utf8)

    /// What `read` saw (how many bytes, whether whole) and its answer, or the error.
    static func read(
        _ body: [UInt8],
        encoding: String?,
        limit: Int = 1 << 20,
        firstBytes: Int?,
        enough: Int
    ) -> (calls: [(Int, Bool)], result: Result<[UInt8], FetchError>) {
        var calls: [(Int, Bool)] = []
        let result = body.withUnsafeBytes { raw in
            Result { () throws(FetchError) in
                try EncodedBody.read(raw, encoding: encoding, limit: limit, firstBytes: firstBytes) { bytes, whole in
                    calls.append((bytes.count, whole))
                    return bytes.count >= enough || whole ? Array(bytes.prefix(enough)) : nil
                }
            }
        }
        return (calls, result)
    }

    @Test func aBodyWithoutEncodingIsReadWhole() throws {
        let (calls, result) = Self.read(Self.text, encoding: nil, firstBytes: 100, enough: 50)
        #expect(calls.map(\.0) == [Self.text.count])
        #expect(calls.map(\.1) == [true])
        #expect(try result.get() == Array(Self.text.prefix(50)))
    }

    @Test func aFirstPartIsInflatedAloneWhenItIsEnough() throws {
        var body = Self.gzip(Self.text)
        // A wrong checksum: inflating to the end would fail, and the first part does not reach it.
        body[body.count - 8] ^= 0xFF
        let (calls, result) = Self.read(body, encoding: "gzip", firstBytes: 100, enough: 80)
        #expect(calls.map(\.0) == [100])
        #expect(try result.get() == Array(Self.text.prefix(80)))
        // Not enough: the whole, whose checksum is wrong.
        let (more, failed) = Self.read(body, encoding: "gzip", firstBytes: 100, enough: 5000)
        #expect(more.map(\.0) == [100])
        #expect(failed.failure?.message == "invalid response: not the compressed body its Content-Encoding says")
    }

    @Test func theWholeBodyWhenTheFirstPartIsNotEnough() throws {
        let body = Self.gzip(Self.text)
        let (calls, result) = Self.read(body, encoding: "GZIP", firstBytes: 100, enough: 5000)
        #expect(calls.map(\.0) == [100, Self.text.count])
        #expect(calls.map(\.1) == [false, true])
        #expect(try result.get() == Array(Self.text.prefix(5000)))
        let (all, _) = Self.read(body, encoding: "gzip", firstBytes: nil, enough: 5000)
        #expect(all.map(\.0) == [Self.text.count])
    }

    @Test(arguments: [
        ("cut short", "compressed body cut short"),
        ("over the limit", "body over 10 KiB"),
        ("a trailer that says less", "not the compressed body its Content-Encoding says"),
        ("not gzip", "not the compressed body its Content-Encoding says"),
        ("brotli", "Content-Encoding br not understood"),
    ])
    func aWrongBodyIsAnInvalidResponse(_ wrong: String, _ message: String) {
        var body = Self.gzip(Self.text)
        var encoding = "gzip"
        switch wrong {
        case "cut short": body = Array(body.prefix(body.count / 2))
        case "a trailer that says less": body[body.count - 3] = 0
        case "not gzip": body = Array("{\"properties\":{}}".utf8)
        case "brotli": encoding = "br"
        default: break
        }
        let limit = wrong == "over the limit" ? 10 * 1024 : 1 << 20
        let (_, result) = Self.read(body, encoding: encoding, limit: limit, firstBytes: nil, enough: 1)
        #expect(result.failure?.kind == .invalidResponse)
        #expect(result.failure?.message == "invalid response: \(message)")
    }
}
