import Foundation
import StateStore
import Testing
import WeatherCore
import WeatherDisplay
import WeatherTestSupport

/// The Prometheus text (docs/forecast.md "Prometheus"): the forecast's series per location and day ahead, the
/// nowcast's rain start, precipitation in metres, and `promtool check metrics` on the whole of it.
@Suite("PrometheusText")
struct PrometheusTextTests {
    /// The samples of `text` by series (`name{labels}` as written).
    private func samples(_ text: String) -> [String: Double] {
        var result: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                Issue.record("not a sample: \(line)")
                continue
            }
            result[String(line[..<space])] = value
        }
        return result
    }

    private func expectClose(_ actual: Double?, _ expected: Double, _ series: String) {
        guard let actual else {
            Issue.record("\(series): missing")
            return
        }
        #expect(abs(actual - expected) < 1e-9, "\(series): \(actual), expected \(expected)")
    }

    @Test func forecastSeriesPerLocationAndDayAheadInBaseUnits() {
        let values = samples(PrometheusText.render(forecastSnapshot()))
        let berlin = #"location="berlin",name="Berlin""#
        let newYork = #"location="nyc",name="New York""#
        for (series, expected) in [
            ("weatherd_forecast_temperature_max_celsius{\(berlin),days_ahead=\"0\"}", 4.1),
            ("weatherd_forecast_temperature_min_celsius{\(berlin),days_ahead=\"0\"}", -0.8),
            ("weatherd_forecast_precipitation_probability_ratio{\(berlin),days_ahead=\"0\"}", 0.8),
            ("weatherd_forecast_precipitation_meters{\(berlin),days_ahead=\"0\"}", 0.0035),
            ("weatherd_forecast_temperature_max_celsius{\(berlin),days_ahead=\"1\"}", -2),
            ("weatherd_forecast_temperature_min_celsius{\(berlin),days_ahead=\"1\"}", -7.25),
            ("weatherd_forecast_precipitation_probability_ratio{\(berlin),days_ahead=\"1\"}", 0.05),
            ("weatherd_forecast_precipitation_meters{\(berlin),days_ahead=\"1\"}", 0),
            // °F and inches converted; New York's local date is still the 21st.
            ("weatherd_forecast_temperature_max_celsius{\(newYork),days_ahead=\"0\"}", 10),
            ("weatherd_forecast_temperature_min_celsius{\(newYork),days_ahead=\"0\"}", 0),
            ("weatherd_forecast_precipitation_probability_ratio{\(newYork),days_ahead=\"0\"}", 1),
            ("weatherd_forecast_precipitation_meters{\(newYork),days_ahead=\"0\"}", 0.0127),
            // The first wet step (04:30–04:45) on the API's clock.
            (
                "weatherd_nowcast_rain_start_timestamp_seconds{\(berlin)}",
                Timestamp(rfc3339: "2026-11-22T04:30:00Z")!.secondsSinceEpoch
            ),
            ("weatherd_precipitation_meters{\(berlin)}", 0.0002),
            ("weatherd_precipitation_meters{\(newYork)}", 0.000254),
        ] {
            expectClose(values[series], expected, series)
        }
        let forecastSeries = values.keys.filter { $0.hasPrefix("weatherd_forecast_") }
        // Berlin's 2 days and New York's 1, 4 series each.
        #expect(forecastSeries.count == 12, "\(forecastSeries.sorted())")
        #expect(!values.keys.contains { $0.hasPrefix("weatherd_nowcast_rain_start_timestamp_seconds{\(newYork)") })
        #expect(!values.keys.contains { $0.hasPrefix("weatherd_precipitation_millimeters") })
    }

    @Test func dayAheadCountsFromTheLocalDateAndSkipsPastDays() {
        var snapshot = forecastSnapshot()
        // A day later Berlin's first day is yesterday and its second today.
        snapshot.generatedAt = snapshot.generatedAt.adding(seconds: 86_400)
        let values = samples(PrometheusText.render(snapshot))
        let berlin = #"location="berlin",name="Berlin""#
        expectClose(values["weatherd_forecast_temperature_max_celsius{\(berlin),days_ahead=\"0\"}"], -2, "today")
        #expect(values["weatherd_forecast_temperature_max_celsius{\(berlin),days_ahead=\"1\"}"] == nil)
        // Every step is past: no rain start.
        #expect(!values.keys.contains { $0.hasPrefix("weatherd_nowcast_rain_start_timestamp_seconds") })
    }

    @Test func noRainWithinTwoHoursHasNoRainStart() {
        var snapshot = forecastSnapshot()
        let steps = snapshot.locations[0].forecast!.nowcast
        snapshot.locations[0].forecast!.nowcast = steps.map { NowcastStep(time: $0.time, precipitation: 0.01) }
        let text = PrometheusText.render(snapshot)
        // Without any sample, no HELP or TYPE either; the days are still there.
        #expect(!text.contains("weatherd_nowcast_rain_start_timestamp_seconds"))
        #expect(text.contains("weatherd_forecast_temperature_max_celsius{"))
    }

    /// A snapshot with Berlin on MET Norway and requests to both sources.
    private func sourceSnapshot() -> StateSnapshot {
        var snapshot = DocumentedExample.snapshot
        snapshot.locations[0].source = .metNorway
        snapshot.locations[0].fallbackSince = snapshot.generatedAt
        snapshot.daemon.sourceRequests = [.openMeteo: 7, .metNorway: 2]
        return snapshot
    }

    @Test func theSourceServingEachLocationAndTheRequestsToEach() {
        let samples = samples(PrometheusText.render(sourceSnapshot()))
        expectClose(samples[#"weatherd_location_source{location="berlin",source="met-norway"}"#], 1, "met-norway")
        expectClose(samples[#"weatherd_location_source{location="berlin",source="open-meteo"}"#], 0, "open-meteo")
        expectClose(samples[#"weatherd_source_requests_total{source="open-meteo"}"#], 7, "open-meteo requests")
        expectClose(samples[#"weatherd_source_requests_total{source="met-norway"}"#], 2, "met-norway requests")
    }

    @Test func everyFamilyHasOneHelpAndOneType() {
        let text = PrometheusText.render(forecastSnapshot())
        let lines = text.split(separator: "\n")
        let names = Set(lines.filter { !$0.hasPrefix("#") }.map { $0.prefix { $0 != "{" && $0 != " " } })
        #expect(names.contains("weatherd_nowcast_rain_start_timestamp_seconds"))
        for name in names {
            #expect(lines.filter { $0.hasPrefix("# HELP \(name) ") }.count == 1, "\(name)")
            #expect(lines.filter { $0 == "# TYPE \(name) gauge" || $0 == "# TYPE \(name) counter" }.count == 1)
        }
    }

    /// promtool from Debian's `prometheus` package (scripts/test installs it as root).
    static let promtool: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        return directories.map { $0 + "/promtool" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test(
        .enabled(
            if: promtool != nil,
            "promtool is not installed (Debian package prometheus: apt-get install prometheus); not checked"
        )
    )
    func promtoolChecksEverySeries() throws {
        for snapshot in [
            DocumentedExample.snapshot, variedSnapshot(), forecastSnapshot(), alertSnapshot(), sourceSnapshot(),
            airSnapshot(),
        ] {
            let text = PrometheusText.render(snapshot)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(Self.promtool))
            process.arguments = ["check", "metrics"]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = output
            try process.run()
            input.fileHandleForWriting.write(Data(text.utf8))
            try input.fileHandleForWriting.close()
            let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "promtool check metrics: \(report)")
            #expect(report.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(report)")
        }
    }
}
