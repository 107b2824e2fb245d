import Testing
import WeatherCore

@Suite("NumberFormat")
struct NumberFormatTests {
    @Test(
        "oneDecimal",
        arguments: [
            (2.0, "2.0"),
            (-1.26, "-1.3"),
            (-0.04, "0.0"),
            (-0.0, "0.0"),
            (0, "0.0"),
            (0.05, "0.1"),
            (-0.05, "-0.1"),
            (16.94, "16.9"),
            (99.96, "100.0"),
            (-40, "-40.0"),
            (1234.56, "1234.6"),
        ]
    )
    func oneDecimal(value: Double, expected: String) {
        #expect(NumberFormat.oneDecimal(value) == expected)
    }

    @Test(arguments: [(40.71284, "40.7128"), (-74.00601, "-74.006"), (52.52, "52.52"), (-0.00001, "0"), (13, "13")])
    func coordinatesHaveFourDecimalsAtMost(value: Double, text: String) {
        #expect(NumberFormat.coordinate(value) == text)
    }

    @Test func fixedHonoursDecimals() {
        #expect(NumberFormat.fixed(16.94, decimals: 1) == "16.9")
        #expect(NumberFormat.fixed(3.14159, decimals: 3) == "3.142")
        #expect(NumberFormat.fixed(-0.001, decimals: 2) == "0.00")
        #expect(NumberFormat.fixed(7.6, decimals: 0) == "8")
    }

    @Test func nonFiniteValuesDoNotCrash() {
        #expect(NumberFormat.oneDecimal(.infinity) == "\(Double.infinity)")
        #expect(NumberFormat.oneDecimal(.nan) == "\(Double.nan)")
        #expect(NumberFormat.oneDecimal(1e20) == "\(1e20)")
    }

    @Test(
        "json",
        arguments: [
            (81.0, "81"),
            (16.9, "16.9"),
            (0, "0"),
            (-0.0, "0"),
            (52.52, "52.52"),
            (-74.006, "-74.006"),
            (-1.3, "-1.3"),
            (300, "300"),
            (-81, "-81"),
            (999_999_999_999_999, "999999999999999"),
            (-999_999_999_999_999, "-999999999999999"),
            (1_000_000_000_000_000, "1000000000000000.0"),
        ]
    )
    func json(value: Double, expected: String) {
        #expect(NumberFormat.json(value) == expected)
    }

    @Test func jsonRoundTripsExactly() {
        let values: [Double] = [0.1, 1.0 / 3, 52.52, 139.6917, -0.1278, 1e-7, 123_456_789.125, 1e15, 1e300, -2.5e-300]
        for value in values {
            let text = NumberFormat.json(value)
            #expect(Double(text) == value, "\(text)")
            #expect(!text.contains("inf") && !text.contains("nan"))
        }
    }
}
