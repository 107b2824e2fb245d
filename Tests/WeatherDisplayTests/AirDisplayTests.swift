import Foundation
import Testing
import WeatherCore
import WeatherDisplay
import WeatherTestSupport

/// The air quality where a user reads it (docs/air.md): the bar's placeholders, class and tooltip line, the
/// status text, `weatherd forecast`, Prometheus, and `weatherd air` as a monitoring plugin.
@Suite("Air quality on display")
struct AirDisplayTests {
    /// Fixture's snapshot (Berlin at UTC+1, Sunday 14:20 there) with Berlin's air, London's off; the scale
    /// written with the display settings.
    static func snapshot(scale: AirQualityScale = .european, berlin: AirQuality = .berlin) -> StateSnapshot {
        var snapshot = Fixture.snapshot(display: DisplaySettings(airQualityScale: scale))
        snapshot.locations[0].air = berlin
        return snapshot
    }

    static func waybar(
        _ snapshot: StateSnapshot,
        template: String = "{aqi}|{aqi_level}|{uv:.1}|{pollen}",
        scale: AirQualityScale = .european
    ) throws -> [String: Any] {
        let style = DisplayStyle(template: try Template(parsing: template), airQualityScale: scale)
        let line = Waybar.render(snapshot, focus: "berlin", health: .ok, now: Fixture.now, style: style)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func placeholdersOnEachScale() throws {
        #expect(try Self.waybar(Self.snapshot())["text"] as? String == "64|Poor|0.9|Birch high")
        let us = try Self.waybar(Self.snapshot(scale: .us), scale: .us)
        #expect(us["text"] as? String == "88|Moderate|0.9|Birch high")
        // A plant at 0 is nothing to report; without air, every one is empty.
        var quiet = AirQuality.berlin
        quiet.pollen = [.grass: 0, .olive: 0]
        #expect(try Self.waybar(Self.snapshot(berlin: quiet))["text"] as? String == "64|Poor|0.9|")
        var snapshot = Self.snapshot()
        snapshot.locations[0].air = nil
        #expect(try Self.waybar(snapshot)["text"] as? String == "|||")
        #expect(Placeholder.aqi.isNumber && Placeholder.uv.isNumber)
        #expect(!Placeholder.aqiLevel.isNumber && !Placeholder.pollen.isNumber)
    }

    @Test func theClassIsTheLevelInLowerCaseWithDashes() throws {
        let classes = try #require(try Self.waybar(Self.snapshot())["class"] as? [String])
        #expect(classes.last == "aqi-poor")
        var unhealthy = AirQuality.berlin
        unhealthy.usAQI = 120
        let us = try #require(
            try Self.waybar(Self.snapshot(scale: .us, berlin: unhealthy), scale: .us)["class"] as? [String]
        )
        #expect(us.last == "aqi-unhealthy-for-sensitive-groups")
        var veryPoor = AirQuality.berlin
        veryPoor.europeanAQI = 85
        #expect(AirText.classes(veryPoor, scale: .european) == ["aqi-very-poor"])
        var snapshot = Self.snapshot()
        snapshot.locations[0].air = nil
        let none = try #require(try Self.waybar(snapshot)["class"] as? [String])
        #expect(!none.contains { $0.hasPrefix("aqi-") })
    }

    @Test func theTooltipHasAnAirLineUnderItsLocation() throws {
        let tooltip = try #require(try Self.waybar(Self.snapshot())["tooltip"] as? String)
        let lines = tooltip.split(separator: "\n").map(String.init)
        let air = try #require(lines.firstIndex { $0.hasPrefix("  air: ") })
        #expect(lines[air] == "  air: European AQI 64, Poor (O₃) · UV 0.9, today up to 1.6 · pollen: Birch high")
        #expect(lines[air - 1].hasPrefix("  today: "))
        #expect(lines.filter { $0.contains("air:") }.count == 1, "London has none")
    }

    @Test func theStatusTextHasALinePerLocationWithAir() {
        let text = StatusText.render(Self.snapshot(), health: .ok, now: Fixture.now, airQualityScale: .us)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                String(repeating: " ", count: 14)
                    + "air: US AQI 88, Moderate (O₃) · UV 0.9, today up to 1.6 · pollen: Birch high"
            )
        )
        #expect(lines.filter { $0.contains("air:") }.count == 1)
        // The plugin line and its performance data do not change.
        let plain = StatusText.render(Fixture.snapshot(), health: .ok, now: Fixture.now)
        #expect(lines.first == plain.split(separator: "\n").first.map(String.init))
    }

    @Test func theForecastHasTheAirLineUnderTheLocation() {
        let report = ForecastReport.make(
            .success(Self.snapshot()),
            path: "/run/weatherd/state.json",
            location: "berlin",
            now: Fixture.now,
            colour: ANSIStyle(isOn: false)
        )
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("Berlin: "))
        #expect(lines[1] == "  air: European AQI 64, Poor (O₃) · UV 0.9, today up to 1.6 · pollen: Birch high")
    }

    @Test func wordsForTheValues() {
        let berlin = AirQuality.berlin
        #expect(AirText.index(berlin, scale: .european) == "European AQI 64, Poor (O₃)")
        #expect(AirText.index(berlin, scale: .us) == "US AQI 88, Moderate (O₃)")
        #expect(AirText.pollutants(berlin) == "PM2.5 14.3, PM10 20.1, O₃ 130, NO₂ 8.4 µg/m³")
        #expect(AirText.uv(AirQuality.newYork) == "UV 0.0")
        #expect(AirText.pollen(AirQuality.newYork) == nil)
        #expect(AirText.line(AirQuality(time: berlin.time), scale: .european) == "air: no values")
    }
}

/// The Prometheus series of the air (docs/air.md), in base units, promtool-clean.
@Suite("PrometheusText: air")
struct AirPrometheusTests {
    @Test func seriesPerLocation() {
        let text = PrometheusText.render(airSnapshot())
        for line in [
            #"weatherd_air_quality_index{location="berlin",scale="european"} 64"#,
            #"weatherd_air_quality_index{location="berlin",scale="us"} 88"#,
            #"weatherd_air_quality_index{location="nyc",scale="us"} 47"#,
            #"weatherd_uv_index{location="berlin"} 0.85"#,
            #"weatherd_uv_index{location="nyc"} 0"#,
            #"weatherd_air_pollutant_grams_per_cubic_metre{location="berlin",pollutant="pm2_5"} 1.43e-05"#,
            #"weatherd_air_pollutant_grams_per_cubic_metre{location="berlin",pollutant="ozone"} 0.00013"#,
            #"weatherd_air_pollutant_grams_per_cubic_metre{location="nyc",pollutant="pm2_5"} 6.2e-06"#,
            #"weatherd_pollen_grains_per_cubic_metre{location="berlin",plant="birch"} 120.5"#,
            #"weatherd_pollen_grains_per_cubic_metre{location="berlin",plant="grass"} 0"#,
            #"weatherd_air_quality_timestamp_seconds{location="berlin"} 1795320000"#,
        ] {
            #expect(text.contains(line + "\n"), "missing \(line)")
        }
        #expect(!text.contains(#"weatherd_pollen_grains_per_cubic_metre{location="nyc""#), "no pollen outside Europe")
        #expect(!text.contains(#"location="tokyo",scale"#), "air off: no series")
        #expect(!text.contains(#"plant="alder""#), "a plant answered null: no sample")
        // Without any air, no family at all (no HELP or TYPE either).
        #expect(!PrometheusText.render(variedSnapshot()).contains("weatherd_air_quality_index"))
    }
}

/// `weatherd air` (docs/air.md) as a monitoring plugin: exit status by the highest index against the scale's
/// thresholds or the given ones, perfdata, UNKNOWN when nothing can be known.
@Suite("AirReport")
struct AirReportTests {
    static func render(
        _ snapshot: StateSnapshot = airSnapshot(),
        location: String? = nil,
        scale: AirQualityScale = .european,
        warning: Int? = nil,
        critical: Int? = nil,
        airQualityOn: Set<String>? = nil,
        json: Bool = false
    ) -> (text: String, exitStatus: Int32) {
        AirReport.render(
            snapshot,
            location: location,
            scale: scale,
            warning: warning,
            critical: critical,
            airQualityOn: airQualityOn,
            json: json,
            now: DocumentedExample.generatedAt
        )
    }

    @Test func theWorstIndexAgainstTheScalesThresholds() {
        let report = Self.render()
        #expect(report.exitStatus == 1)
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(
            lines[0]
                == "AIR WARNING - Berlin: European AQI 64, Poor (O₃), the worst of 2 | berlin_aqi=64;61;81;0 "
                + "berlin_uv_index=0.9;;;0 nyc_aqi=22;61;81;0 nyc_uv_index=0.0;;;0"
        )
        #expect(lines[1] == "Berlin: European AQI 64, Poor (O₃) · US AQI 88, Moderate (O₃), as of 05:00")
        #expect(lines.contains("  pollen, grains/m³: Birch 120.5 (high), Grass 0"))
        #expect(lines.contains("Tokyo: no air quality data"))
        // On the US scale Berlin's 88 is moderate: below 101.
        let us = Self.render(scale: .us)
        #expect(us.exitStatus == 0)
        #expect(
            us.text.hasPrefix("AIR OK - Berlin: US AQI 88, Moderate (O₃), the worst of 2 | berlin_aqi=88;101;151;0")
        )
    }

    @Test(
        arguments: [
            (20, .european, 0), (21, .european, 0), (60, .european, 0), (61, .european, 1), (80, .european, 1),
            (81, .european, 2), (101, .european, 2), (100, .us, 0), (101, .us, 1), (150, .us, 1), (151, .us, 2),
            (301, .us, 2),
        ] as [(Int, AirQualityScale, Int32)]
    )
    func exitStatusAtEachDefaultThreshold(index: Int, scale: AirQualityScale, status: Int32) {
        var air = AirQuality.newYork
        air.europeanAQI = index
        air.usAQI = index
        var snapshot = airSnapshot()
        snapshot.locations[1].air = air
        #expect(Self.render(snapshot, location: "nyc", scale: scale).exitStatus == status, "\(index) \(scale)")
    }

    @Test func givenThresholds() {
        #expect(Self.render(location: "nyc", warning: 22, critical: 30).exitStatus == 1)
        #expect(Self.render(location: "nyc", warning: 10, critical: 22).exitStatus == 2)
        #expect(Self.render(location: "nyc", warning: 23).exitStatus == 0)
        #expect(Self.render(location: "nyc", warning: 20, critical: 30).text.contains("nyc_aqi=22;20;30;0"))
    }

    @Test func unknownWhenNothingCanBeKnown() {
        let tokyo = Self.render(location: "tokyo")
        #expect(tokyo == ("AIR UNKNOWN - no air quality data yet", 3))
        #expect(
            Self.render(location: "tokyo", airQualityOn: ["berlin"]).text
                == "AIR UNKNOWN - air quality is off (air_quality.enabled)"
        )
        #expect(Self.render(location: "tokyo", airQualityOn: ["tokyo"]).text == "AIR UNKNOWN - no air quality data yet")
        #expect(Self.render(location: "paris").exitStatus == 3)
        #expect(Self.render(variedSnapshot()).exitStatus == 3)
        #expect(Self.render(location: "tokyo", json: true) == ("[]", 3))
    }

    @Test func jsonIsTheStateFilesBlockPerLocation() throws {
        let report = Self.render(json: true)
        #expect(report.exitStatus == 1)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(report.text.utf8)) as? [[String: Any]])
        #expect(items.map { $0["location"] as? String } == ["berlin", "nyc"])
        let air = try #require(items[0]["air"] as? [String: Any])
        #expect(air["level"] as? String == "poor")
        #expect(air["pollen"] as? [String: Double] == ["birch": 120.5, "grass": 0])
    }
}
