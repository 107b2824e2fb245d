import MetNorway
import Testing

@testable import WeatherCore

@Suite("MetNorwayEndpoint")
struct MetNorwayEndpointTests {
    @Test func coordinatesHaveFourDecimalsAtMostAndTheAltitudeWholeMetres() {
        let endpoint = MetNorwayEndpoint(baseURL: "https://api.met.no/")
        #expect(
            endpoint.url(latitude: 59.913_868, longitude: 10.752_245, altitude: 23.4)
                == "https://api.met.no/weatherapi/locationforecast/2.0/compact?lat=59.9139&lon=10.7522&altitude=23"
        )
        #expect(
            endpoint.url(latitude: 52.52, longitude: 13.41, altitude: nil)
                == "https://api.met.no/weatherapi/locationforecast/2.0/compact?lat=52.52&lon=13.41"
        )
        #expect(
            endpoint.url(latitude: -33.868_82, longitude: 151, altitude: 57.5).hasSuffix(
                "?lat=-33.8688&lon=151&altitude=58"
            )
        )
        #expect(endpoint.url(latitude: 1, longitude: 2, altitude: .nan).hasSuffix("?lat=1&lon=2"))
        #expect(endpoint.url(latitude: 1, longitude: 2, altitude: -1e9).hasSuffix("?lat=1&lon=2"))
    }

    @Test func theSameQueryIsTheSameURL() {
        let query = ForecastQuery(location: .oslo, units: Units(), altitude: 23)
        let endpoint = MetNorwayEndpoint()
        #expect(endpoint.url(for: query) == endpoint.url(for: query))
        #expect(
            endpoint.url(for: query)
                == "https://api.met.no/weatherapi/locationforecast/2.0/compact?lat=59.9139&lon=10.7522&altitude=23"
        )
    }
}
