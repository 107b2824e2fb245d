import OpenMeteo
import Testing
import WeatherCore

@Suite("ForecastEndpoint")
struct ForecastEndpointTests {
    private let berlin = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
    private static let query =
        "latitude=52.52&longitude=13.41"
        + "&current=temperature_2m,apparent_temperature,relative_humidity_2m,is_day,precipitation,weather_code,"
        + "cloud_cover,wind_speed_10m,wind_direction_10m,wind_gusts_10m"
        + "&timeformat=unixtime&timezone=auto&temperature_unit=celsius&wind_speed_unit=kmh&precipitation_unit=mm"

    @Test func berlinWithDefaultUnits() {
        let endpoint = ForecastEndpoint(baseURL: "https://api.open-meteo.com")
        #expect(
            endpoint.url(for: berlin, units: Units())
                == "https://api.open-meteo.com/v1/forecast?latitude=52.52&longitude=13.41&current=temperature_2m,"
                + "apparent_temperature,relative_humidity_2m,is_day,precipitation,weather_code,cloud_cover,"
                + "wind_speed_10m,wind_direction_10m,wind_gusts_10m&timeformat=unixtime&timezone=auto"
                + "&temperature_unit=celsius&wind_speed_unit=kmh&precipitation_unit=mm"
        )
    }

    @Test func queryItemsInOrder() {
        let items = ForecastEndpoint(baseURL: "https://api.open-meteo.com").queryItems(for: berlin, units: Units())
        #expect(
            items.map(\.name) == [
                "latitude", "longitude", "current", "timeformat", "timezone", "temperature_unit", "wind_speed_unit",
                "precipitation_unit",
            ]
        )
        #expect(items.map(\.value)[3...] == ["unixtime", "auto", "celsius", "kmh", "mm"])
        #expect(ForecastEndpoint.currentVariables.count == 10)
    }

    @Test func otherUnitsAndNegativeCoordinates() {
        let endpoint = ForecastEndpoint(baseURL: "https://api.open-meteo.com")
        let sydney = Location(name: "Sydney", latitude: -33.87, longitude: 151.21)
        let url = endpoint.url(
            for: sydney,
            units: Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)
        )
        #expect(url.hasPrefix("https://api.open-meteo.com/v1/forecast?latitude=-33.87&longitude=151.21&current="))
        #expect(url.hasSuffix("&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch"))
        let knots = endpoint.url(for: sydney, units: Units(windSpeed: .kn))
        #expect(knots.contains("&wind_speed_unit=kn&"))
        let metres = endpoint.url(for: sydney, units: Units(windSpeed: .ms))
        #expect(metres.contains("&wind_speed_unit=ms&"))
    }

    @Test(
        "trailing slashes of the base URL are dropped",
        arguments: ["https://api.open-meteo.com/", "https://api.open-meteo.com//"]
    )
    func trailingSlash(base: String) {
        let endpoint = ForecastEndpoint(baseURL: base)
        #expect(endpoint.baseURL == "https://api.open-meteo.com")
        #expect(endpoint.url(for: berlin, units: Units()) == "https://api.open-meteo.com/v1/forecast?" + Self.query)
    }

    @Test func baseURLWithPathPrefix() {
        let endpoint = ForecastEndpoint(baseURL: "http://127.0.0.1:8080/proxy/open-meteo/")
        #expect(
            endpoint.url(for: berlin, units: Units())
                == "http://127.0.0.1:8080/proxy/open-meteo/v1/forecast?" + Self.query
        )
    }

    @Test func noAPIKeyWhenNilOrEmpty() {
        for key in [nil, ""] as [String?] {
            let endpoint = ForecastEndpoint(baseURL: "https://api.open-meteo.com", apiKey: key)
            #expect(endpoint.apiKey == nil)
            let url = endpoint.url(for: berlin, units: Units())
            #expect(!url.contains("apikey"))
            #expect(url.hasSuffix("&precipitation_unit=mm"))
            #expect(!endpoint.queryItems(for: berlin, units: Units()).contains { $0.name == "apikey" })
        }
    }

    @Test func apiKeyIsAppendedLastAndPercentEncoded() {
        let endpoint = ForecastEndpoint(baseURL: "https://customer-api.open-meteo.com", apiKey: "a b&c")
        let url = endpoint.url(for: berlin, units: Units())
        #expect(url == "https://customer-api.open-meteo.com/v1/forecast?" + Self.query + "&apikey=a%20b%26c")
        let last = endpoint.queryItems(for: berlin, units: Units()).last
        #expect(last?.name == "apikey")
        #expect(last?.value == "a b&c")
    }

    @Test func apiKeyWithReservedAndNonASCIICharacters() {
        let endpoint = ForecastEndpoint(baseURL: "https://customer-api.open-meteo.com", apiKey: "k=1+2/é?#%~_.-")
        let url = endpoint.url(for: berlin, units: Units())
        #expect(url.hasSuffix("&apikey=k%3D1%2B2%2F%C3%A9%3F%23%25~_.-"))
        let simple = ForecastEndpoint(baseURL: "https://customer-api.open-meteo.com", apiKey: "secret-key")
        #expect(simple.url(for: berlin, units: Units()).hasSuffix("&apikey=secret-key"))
    }

    @Test func redactRemovesTheKeyInRawAndPercentEncodedForms() {
        let endpoint = ForecastEndpoint(baseURL: "https://customer-api.open-meteo.com", apiKey: "a b&c")
        let url = endpoint.url(for: berlin, units: Units())
        let redacted = endpoint.redact("GET \(url) failed")
        #expect(!redacted.contains("a%20b%26c"))
        #expect(redacted.hasSuffix("&apikey=REDACTED failed"))
        #expect(endpoint.redact("key a b&c and a b&c again") == "key REDACTED and REDACTED again")
        #expect(endpoint.redact("mixed: a b&c / a%20b%26c") == "mixed: REDACTED / REDACTED")
        #expect(endpoint.redact("nothing secret here") == "nothing secret here")
        #expect(endpoint.redact("") == "")
    }

    @Test func redactWithoutKeyChangesNothing() {
        let endpoint = ForecastEndpoint(baseURL: "https://api.open-meteo.com", apiKey: "")
        #expect(endpoint.redact("apikey= a b&c %20") == "apikey= a b&c %20")
        let none = ForecastEndpoint(baseURL: "https://api.open-meteo.com")
        #expect(none.redact("anything") == "anything")
    }

    @Test func redactAroundNonASCIIText() {
        let endpoint = ForecastEndpoint(baseURL: "https://customer-api.open-meteo.com", apiKey: "clé")
        #expect(endpoint.redact("Température: clé — cl%C3%A9 ✓") == "Température: REDACTED — REDACTED ✓")
        #expect(endpoint.redact("clclé") == "clREDACTED")
    }
}
