import FakeOpenMeteo
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Network faults through `weatherd once --format json` with `timeout: 500ms`: each is classified as
/// docs/fetching.md says and the run ends within the timeout plus about a second. One case at a time, so that the
/// measured time is the fault's and not the start-up of six debug binaries on a busy machine.
@Suite("Faults: network", .serialized)
struct FaultNetworkTests {
    enum NetworkFault: String, CaseIterable, CustomTestStringConvertible {
        case hang, drip, reset, closed, refused, unresolvable, tls

        var testDescription: String { rawValue }

        /// The `last_error.kind` docs/fetching.md asks for.
        var kind: String {
            switch self {
            case .hang, .drip: "timeout"
            case .reset, .closed, .refused, .unresolvable, .tls: "network"
            }
        }

        /// The look-alike's answers for the faults a look-alike plays (recording when requests arrive), nil for
        /// those without a server.
        func handler(recording arrivals: ArrivalTimes) -> (@Sendable (FakeRequest) -> FakeResponse)? {
            switch self {
            case .hang: arrivals.recording { _ in .hang }
            case .drip:
                arrivals.recording { request in
                    .drip(body: Fault.goodBody(for: request), bytesPerChunk: 1, intervalMilliseconds: 100)
                }
            case .reset: { _ in .resetAfter(partialBody: #"{"latitude":10.5,"#) }
            case .closed: { _ in .closeImmediately }
            case .tls: FakeOpenMeteoServer.realistic
            case .refused, .unresolvable: nil
            }
        }
    }

    @Test("once classifies the fault and ends within timeout + 1 s", arguments: NetworkFault.allCases)
    func fault(_ fault: NetworkFault) async throws {
        let arrivals = ArrivalTimes()
        if let handler = fault.handler(recording: arrivals) {
            try await withFakeServer(handler: handler) { server in
                // TLS to a plain-HTTP server: the handshake fails.
                let url = fault == .tls ? "https://127.0.0.1:\(server.port)" : server.baseURL
                try await once(against: url, fault, arrivals: arrivals)
            }
        } else if fault == .refused {
            let (reservedSocket, port) = try Fault.refusingPort()
            defer { close(reservedSocket) }
            try await once(against: "http://127.0.0.1:\(port)", fault, arrivals: arrivals)
        } else {
            try await once(against: "http://weatherd.invalid", fault, arrivals: arrivals)
        }
    }

    /// The deadline of the request, in seconds: a refused connection, an unknown host and a failed handshake
    /// are retried until it passes.
    static let timeout = 0.5

    /// `once` with `timeout: 500ms` against `url`, which plays `fault`: classified, and over in time.
    private func once(against url: String, _ fault: NetworkFault, arrivals: ArrivalTimes) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = try directory.write("config.yaml", Fault.config(Fault.onePlace, timeout: "500ms"))

        let started = Fault.now
        let result = try await Subprocess.run(
            ["once", "--config", config, "--format", "json", "--api-url", url],
            timeout: 10
        )
        let ended = Fault.now

        // The whole run (a debug binary's start-up included), and the part after the request arrived.
        let elapsed = ended - started
        let afterRequest = arrivals.all.first.map { ended - $0 }
        print(
            "FaultNetworkTests: \(fault): once ended after \(String(format: "%.2f", elapsed)) s"
                + (afterRequest.map { String(format: ", %.2f s after the request arrived", $0) } ?? "")
        )
        #expect(result.status == 1, "stderr: \(result.stderr)")
        // Generous bounds: the point is that the deadline ends the run (a hang never would), while the whole
        // suite runs in parallel on two cores and a debug binary's start-up has taken 1.5 s.
        #expect(elapsed < Self.timeout + 4, "\(fault): once took \(elapsed) s with timeout 500ms")
        if let afterRequest {
            #expect(
                afterRequest < Self.timeout + 2,
                "\(fault): the 500 ms timeout ended the run \(afterRequest) s after the request"
            )
        }
        let state = try #require(try jsonObject(result.stdout) as? [String: Any], "stdout: \(result.stdout)")
        let location = try #require((state["locations"] as? [[String: Any]])?.first)
        let error = try #require(location["last_error"] as? [String: Any], "\(location)")
        #expect(error["kind"] as? String == fault.kind, "\(fault): \(error)")
        #expect(location["status"] as? String == "error")
        #expect(location["weather"] is NSNull)
        #expect(!result.stderr.contains("Fatal error"))
    }
}
