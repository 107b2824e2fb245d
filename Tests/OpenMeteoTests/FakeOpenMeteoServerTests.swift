#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FakeOpenMeteo
import Foundation
import Testing

@Suite("FakeOpenMeteoServer")
struct FakeOpenMeteoServerTests {
    @Test func realisticForecastHasOpenMeteoShapeAndHonoursUnits() async throws {
        try await withFakeServer { server in
            let connection = try RawConnection(port: server.port)
            try connection.send(
                get(
                    "/v1/forecast?latitude=52.52&longitude=13.41&current=temperature_2m&timeformat=unixtime"
                        + "&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch"
                )
            )
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json; charset=utf-8")
            #expect(response.body.hasPrefix(#"{"latitude":52.52,"longitude":13.41,"generationtime_ms":"#))

            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any])
            let units = try #require(json["current_units"] as? [String: String])
            let current = try #require(json["current"] as? [String: Any])
            let keys = [
                "time", "interval", "temperature_2m", "apparent_temperature", "relative_humidity_2m", "is_day",
                "precipitation", "weather_code", "cloud_cover", "wind_speed_10m", "wind_direction_10m",
                "wind_gusts_10m",
            ]
            #expect(Set(current.keys) == Set(keys))
            #expect(Set(units.keys) == Set(keys))
            #expect(units["temperature_2m"] == "°F")
            #expect(units["wind_speed_10m"] == "mp/h")
            #expect(units["precipitation"] == "inch")
            #expect(units["time"] == "unixtime")
            #expect(current["interval"] as? Int == 900)
            let time = try #require(current["time"] as? Int)
            #expect(time % 900 == 0)
            #expect(current["weather_code"] as? Int == FakeOpenMeteoServer.weatherCode(forLatitude: 52.52))
            let fahrenheit = try #require(current["temperature_2m"] as? Double)
            #expect(abs(fahrenheit - ((30 - 52.52 / 3) * 9 / 5 + 32)) < 0.11)

            try connection.send(get("/v1/forecast?latitude=91&longitude=13.41"))
            let invalid = try connection.readResponse()
            #expect(invalid.status == 400)
            let reason = "Latitude must be in range of -90 to 90°. Given: 91.0."
            #expect(invalid.body == #"{"error":true,"reason":""# + reason + #""}"#)
        }
    }

    @Test func recordsDecodedQueryAndHeaders() async throws {
        try await withFakeServer { server in
            let connection = try RawConnection(port: server.port)
            try connection.send(
                get("/v1/search?name=S%C3%A3o+Paulo&countryCode=BR&count=1&count=2", userAgent: "weatherd-tests/1.0")
            )
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.body == #"{"generationtime_ms":0.4}"#)

            #expect(server.requestCount == 1)
            let request = try #require(server.requests.first)
            #expect(request.method == "GET")
            #expect(request.path == "/v1/search")
            #expect(request.uri == "/v1/search?name=S%C3%A3o+Paulo&countryCode=BR&count=1&count=2")
            #expect(request.query == ["name": "São Paulo", "countryCode": "BR", "count": "2"])
            #expect(request.header("user-agent") == "weatherd-tests/1.0")
            #expect(request.headers.contains { $0.0 == "User-Agent" && $0.1 == "weatherd-tests/1.0" })
            #expect(request.sequence == 0)
        }
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        try await withFakeServer { server in
            let connection = try RawConnection(port: server.port)
            try connection.send(get("/v1/forecast?latitude=48.85&longitude=2.35"))
            let first = try connection.readResponse()
            try connection.send(get("/v1/search?name=Paris&countryCode=FR"))
            let second = try connection.readResponse()
            #expect(first.status == 200)
            #expect(second.status == 200)
            #expect(first.headers["connection"] == "keep-alive")
            #expect(second.body.contains(#""name":"Paris","latitude":48.85341,"longitude":2.3488"#))

            try connection.send(get("/nowhere", close: true))
            let third = try connection.readResponse()
            #expect(third.status == 404)
            #expect(third.headers["connection"] == "close")
            #expect(try connection.readToEnd() == 0, "the server closes after answering `Connection: close`")
            #expect(server.requests.map(\.sequence) == [0, 1, 2])
        }
    }

    @Test func metNorwaysAnswerIsCompressedWhenTheRequestAcceptsGzip() async throws {
        try await withFakeServer { server in
            let connection = try RawConnection(port: server.port)
            let target = "/weatherapi/locationforecast/2.0/compact?lat=59.9139&lon=10.7522"
            let userAgent = "weatherd/1.2.3 ops@example.org"
            try connection.send(get(target, userAgent: userAgent))
            let plain = try connection.readResponse()
            try connection.send(get(target, userAgent: userAgent, extra: "Accept-Encoding: br, gzip\r\n"))
            let gzipped = try connection.readResponse()
            #expect(plain.status == 200 && gzipped.status == 200)
            #expect(plain.headers["content-encoding"] == nil)
            #expect(gzipped.headers["content-encoding"] == "gzip")
            let plainLength = try #require(plain.headers["content-length"].flatMap { Int($0) })
            let gzippedLength = try #require(gzipped.headers["content-length"].flatMap { Int($0) })
            // Really compressed, as MET's servers do (37 KB to about 3 KB), not stored blocks.
            #expect(gzippedLength * 5 < plainLength, "\(gzippedLength) bytes of \(plainLength)")

            server.setHandler { _ in .body(status: 200, body: #"{"a":1}"#) }
            try connection.send(get("/v1/forecast?latitude=1&longitude=1", extra: "Accept-Encoding: gzip\r\n"))
            let other = try connection.readResponse()
            #expect(other.headers["content-encoding"] == nil, "only an answer that varies by encoding")
            #expect(other.body == #"{"a":1}"#)
        }
    }

    @Test func oversizedStreamsChunkedWhileTheClientReads() async throws {
        try await withFakeServer { server in
            // A gibibyte: only a server that streams slice by slice answers this within the 5 s read timeout.
            server.setHandler { _ in .oversized(bytes: 1 << 30) }
            let connection = try RawConnection(port: server.port)
            try connection.send(get("/v1/forecast?latitude=1&longitude=1"))
            let head = try connection.readHead()
            #expect(head.status == 200)
            #expect(head.headers["transfer-encoding"] == "chunked")
            #expect(head.headers["content-length"] == nil)
            let received = try connection.discard(atLeast: 3 << 20)
            #expect(received >= 3 << 20)
            connection.close()

            // The client went away mid-body: the server carries on.
            server.setHandler(FakeOpenMeteoServer.realistic)
            let next = try RawConnection(port: server.port)
            try next.send(get("/v1/search?name=Berlin"))
            #expect(try next.readResponse().status == 200)
            #expect(server.requestCount == 2)
        }
    }
}

// MARK: - Helpers

/// Starts a realistic server, runs `body`, and shuts the server down whatever happens.
private func withFakeServer(_ body: (FakeOpenMeteoServer) async throws -> Void) async throws {
    let server = try await FakeOpenMeteoServer.start()
    do {
        try await body(server)
    } catch {
        try? await server.shutdown()
        throw error
    }
    try await server.shutdown()
}

/// A GET request in HTTP/1.1 wire format.
private func get(
    _ target: String,
    userAgent: String = "fake-tests",
    close: Bool = false,
    extra: String = ""
) -> String {
    "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: \(userAgent)\r\nAccept: application/json\r\n"
        + (close ? "Connection: close\r\n" : "") + extra + "\r\n"
}

private struct RawHead {
    var status: Int
    /// Lower-cased names.
    var headers: [String: String]
}

private struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: String
}

private struct SocketError: Error, CustomStringConvertible {
    var description: String
}

/// A blocking HTTP/1.1 client on one TCP connection to 127.0.0.1, with a 5 s receive timeout.
private final class RawConnection {
    private var descriptor: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SocketError(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = SocketError(description: "connect: errno \(errno)")
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    func close() {
        if descriptor >= 0 {
            #if canImport(Glibc)
            _ = Glibc.close(descriptor)
            #else
            _ = Darwin.close(descriptor)
            #endif
            descriptor = -1
        }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(descriptor, raw.baseAddress, raw.count, 0)
                #endif
            }
            guard count > 0 else { throw SocketError(description: "send: errno \(errno)") }
            sent += count
        }
    }

    /// Reads once into the buffer; returns the number of bytes read, 0 at end of stream.
    @discardableResult
    private func fill() throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw SocketError(description: "recv: errno \(errno)") }
        buffer.append(contentsOf: chunk[..<count])
        return count
    }

    func readHead() throws -> RawHead {
        let separator = Array("\r\n\r\n".utf8)
        while true {
            if let end = buffer.firstRange(of: separator) {
                let text = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                var lines = text.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
                    throw SocketError(description: "bad status line in \(text)")
                }
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    headers[line[..<colon].lowercased()] = value
                }
                return RawHead(status: status, headers: headers)
            }
            guard try fill() > 0 else { throw SocketError(description: "end of stream before the head") }
        }
    }

    /// Reads a head and a `Content-Length` body.
    func readResponse() throws -> RawResponse {
        let head = try readHead()
        guard let length = head.headers["content-length"].flatMap({ Int($0) }) else {
            throw SocketError(description: "no Content-Length")
        }
        while buffer.count < length {
            guard try fill() > 0 else { throw SocketError(description: "end of stream inside the body") }
        }
        let body = String(decoding: buffer[..<length], as: UTF8.self)
        buffer.removeSubrange(..<length)
        return RawResponse(status: head.status, headers: head.headers, body: body)
    }

    /// Reads and throws away at least `minimum` bytes (fewer if the stream ends); returns how many.
    func discard(atLeast minimum: Int) throws -> Int {
        var total = buffer.count
        buffer.removeAll()
        while total < minimum {
            let count = try fill()
            guard count > 0 else { break }
            total += count
            buffer.removeAll(keepingCapacity: true)
        }
        return total
    }

    /// Reads until the peer closes; returns the number of bytes that came before the end.
    func readToEnd() throws -> Int {
        var total = buffer.count
        buffer.removeAll()
        while case let count = try fill(), count > 0 {
            total += count
        }
        return total
    }
}
