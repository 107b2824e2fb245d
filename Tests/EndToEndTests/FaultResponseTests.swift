import FakeOpenMeteo
import Foundation
import Testing

/// Bad responses after a good one, through `weatherd run --interval 200ms`: the last good weather stays,
/// marked `error` with `invalid_response`, the process stays up, and a 100 MB body is never buffered.
@Suite("Faults: bad responses")
struct FaultResponseTests {
    enum BadResponse: String, CaseIterable, CustomTestStringConvertible {
        case htmlPage, truncatedJSON, streamingError, hundredMegabytes, emptyObject, stringTemperature
        case currentIsArray, hugeTemperature, nanStrings

        var testDescription: String { rawValue }

        func response(to request: FakeRequest) -> FakeResponse {
            let good = Fault.goodBody(for: request)
            switch self {
            case .htmlPage:
                return .body(
                    status: 200,
                    contentType: "text/html; charset=utf-8",
                    body: "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>"
                )
            case .truncatedJSON:
                return .body(status: 200, body: String(good.prefix(good.count / 2)))
            case .streamingError:
                return .body(
                    status: 200,
                    body: String(good.prefix(good.count * 2 / 3)) + "Unexpected error while streaming data: timeout"
                )
            case .hundredMegabytes:
                return .oversized(bytes: 100_000_000)
            case .emptyObject:
                return .body(status: 200, body: "{}")
            case .stringTemperature:
                return .body(status: 200, body: Fault.replacingCurrent("temperature_2m", with: #""warm""#, in: good))
            case .currentIsArray:
                let start = good.range(of: #""current":{"#)!.lowerBound
                return .body(status: 200, body: String(good[..<start]) + #""current":[1,2,3]}"#)
            case .hugeTemperature:
                return .body(status: 200, body: Fault.replacingCurrent("temperature_2m", with: "1e308", in: good))
            case .nanStrings:
                var body = Fault.replacingCurrent("temperature_2m", with: #""NaN""#, in: good)
                body = Fault.replacingCurrent("wind_speed_10m", with: #""NaN""#, in: body)
                return .body(status: 200, body: body)
            }
        }
    }

    @Test("the last good weather stays, marked error with invalid_response", arguments: BadResponse.allCases)
    func badResponse(_ bad: BadResponse) async throws {
        let goodThenBad: @Sendable (FakeRequest) -> FakeResponse = { request in
            request.sequence == 0 ? FakeOpenMeteoServer.realistic(request) : bad.response(to: request)
        }
        try await Fault.withDaemon(
            config: Fault.config(Fault.onePlace),
            handler: goodThenBad
        ) { server, daemon in
            var good: [String: Any]?
            await Fault.eventually(timeout: 10) {
                // The first, good answer leaves weather that later failures must not erase; the status may
                // already have turned to error by the time this looks.
                guard let location = try? daemon.location("alpha"), let weather = location["weather"] as? [String: Any]
                else { return false }
                good = weather
                return true
            }
            let goodWeather = try #require(good, "the first, good answer never reached the state file")

            // Two bad answers processed (the third request has gone out), sampling the RSS meanwhile.
            var peakKiB = 0
            let answered = await Fault.eventually(timeout: 10, poll: 0.02) {
                peakKiB = max(peakKiB, Fault.residentKiB(pid: daemon.pid) ?? 0)
                return server.requestCount >= 3
            }
            #expect(answered, "only \(server.requestCount) requests")
            #expect(await Fault.eventually(timeout: 5) { daemon.counter("fetches_failed") ?? 0 >= 2 })
            let location = try #require(try daemon.location("alpha"))
            let running = daemon.isRunning
            let status = await daemon.terminate()

            #expect(running, "weatherd died on \(bad): \(daemon.stderr.suffix(2000))")
            #expect(location["status"] as? String == "error")
            let error = try #require(location["last_error"] as? [String: Any], "\(location)")
            #expect(error["kind"] as? String == "invalid_response", "\(bad): \(error)")
            let kept = try #require(location["weather"] as? [String: Any], "the good weather was erased")
            #expect(
                try Fault.canonicalJSON(kept) == Fault.canonicalJSON(goodWeather),
                "kept \(kept), good was \(goodWeather)"
            )
            #expect(peakKiB > 0 && peakKiB < 100 * 1024, "\(bad): peak RSS \(peakKiB) KiB")
            if bad == .hundredMegabytes { print("FaultResponseTests: peak RSS during the 100 MB body: \(peakKiB) KiB") }
            #expect(status == 0)
        }
    }
}
