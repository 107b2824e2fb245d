import Testing
import WeatherCore

@testable import WeatherConfiguration

/// The `alerts` section and a location's `alerts:` key (weatherd.conf(5), docs/alerts.md).
@Suite("ConfigParser: alerts")
struct ConfigParserAlertsTests {
    private let parser = ConfigParser(file: "/etc/weatherd/config.yaml")

    @Test func defaultsWhenLeftOut() throws {
        let config = try parser.parse("interval: 10s\n")
        #expect(config.alerts == Configuration.Alerts())
        #expect(config.alerts.enabled)
        #expect(config.alerts.endpoints.url(of: .nws) == "https://api.weather.gov")
        #expect(config.alerts.endpoints.host(of: .meteoalarm) == "feeds.meteoalarm.org")
        #expect(config.locations.allSatisfy { $0.alerts == .auto })
    }

    @Test func everyKeyAndEverySettingIsRead() throws {
        let config = try parser.parse(
            """
            alerts:
              enabled: false
              contact: ops@example.org
              nws_url: http://127.0.0.1:8080/
              metno_url: http://127.0.0.1:8081
              dwd_url: http://127.0.0.1:8082
              meteoalarm_url: http://127.0.0.1:8083
            locations:
              - {name: A, latitude: 1, longitude: 1, alerts: none}
              - {name: B, latitude: 1, longitude: 1, alerts: nws}
              - {name: C, latitude: 1, longitude: 1, alerts: metno}
              - {name: D, latitude: 1, longitude: 1, alerts: dwd}
              - {name: E, latitude: 1, longitude: 1, alerts: auto}
              - name: F
                alerts: {meteoalarm: {country: France, code: FR123}}
              - name: G
                alerts: {meteoalarm: {country: united-kingdom}}
            """
        )
        #expect(!config.alerts.enabled)
        #expect(config.alerts.contact == "ops@example.org")
        #expect(config.alerts.endpoints.url(of: .nws) == "http://127.0.0.1:8080")
        #expect(config.alerts.endpoints.host(of: .dwd) == "127.0.0.1:8082")
        #expect(
            config.locations.map(\.alerts) == [
                .none, .source(.nws), .source(.metno), .source(.dwd), .auto,
                .meteoalarm(country: "france", code: "FR123"), .meteoalarm(country: "united-kingdom", code: nil),
            ]
        )
    }

    @Test(arguments: [
        ("alerts:\n  enabled: sometimes\n", "alerts.enabled", 2, "must be true or false"),
        ("alerts:\n  contact: \"a (b)\"\n", "alerts.contact", 2, "without parentheses"),
        ("alerts:\n  nws_url: ftp://x\n", "alerts.nws_url", 2, "http:// or https://"),
        ("alerts:\n  poll: 1m\n", "alerts.poll", 2, "unknown key"),
        ("locations:\n  - {name: A, alerts: jma}\n", "locations[0].alerts", 2, "must be one of auto, nws"),
        ("locations:\n  - {name: A, alerts: meteoalarm}\n", "locations[0].alerts", 2, "needs its country"),
        (
            "locations:\n  - name: A\n    alerts: {meteoalarm: {code: X}}\n", "locations[0].alerts.meteoalarm.country",
            3,
            "must name the country's feed"
        ),
        (
            "locations:\n  - name: A\n    alerts: {meteoalarm: {country: fr, zone: X}}\n",
            "locations[0].alerts.meteoalarm.zone", 3, "unknown key"
        ),
    ])
    func rejects(_ yaml: String, _ keyPath: String, _ line: Int, _ message: String) throws {
        let error = try #require(parser.error(parsing: yaml), "accepted: \(yaml)")
        #expect(error.keyPath == keyPath)
        #expect(error.line == line)
        #expect(error.message.contains(message), "\(error.message)")
    }
}
