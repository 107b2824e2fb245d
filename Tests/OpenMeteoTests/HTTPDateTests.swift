import NIOHTTP1
import Testing
import WeatherCore

@testable import WeatherHTTP

/// RFC 9110 §5.6.7 dates, the API clock sample (`Date` + `Age`) and `Retry-After` in both forms.
@Suite("HTTPDate")
struct HTTPDateTests {
    /// 1994-11-06T08:49:37Z
    private let expected = Timestamp(secondsSinceEpoch: 784_111_777)

    @Test(
        "the three formats a recipient must accept",
        arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"]
    )
    func formats(text: String) {
        #expect(HTTPDate.parse(text) == expected)
    }

    @Test(
        "what is no HTTP date",
        arguments: [
            "", "0", "99999999", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 31 Feb 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "2026-11-22T04:05:06Z",
            String(repeating: "Sun, 06 Nov 1994 08:49:37 GMT ", count: 10),
        ]
    )
    func garbage(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func theClockSampleIsDatePlusAgeMinusArrival() {
        let arrival = expected.adding(seconds: -240)
        var headers = HTTPHeaders([("Date", "Sun, 06 Nov 1994 08:49:37 GMT")])
        #expect(HTTPDate.clockSample(headers, receivedAt: arrival) == 240)
        headers.add(name: "Age", value: "30")
        #expect(HTTPDate.clockSample(headers, receivedAt: arrival) == 270)
        // An Age that is no number, or negative, counts as none.
        headers.replaceOrAdd(name: "Age", value: "soon")
        #expect(HTTPDate.clockSample(headers, receivedAt: arrival) == 240)
        headers.replaceOrAdd(name: "Age", value: "-50")
        #expect(HTTPDate.clockSample(headers, receivedAt: arrival) == 240)
        #expect(HTTPDate.clockSample(HTTPHeaders([("Date", "yesterday")]), receivedAt: arrival) == nil)
        #expect(HTTPDate.clockSample(HTTPHeaders(), receivedAt: arrival) == nil)
    }

    @Test func retryAfterInBothForms() {
        let arrival = expected
        func retryAfter(_ pairs: [(String, String)]) -> Double? {
            HTTPDate.retryAfter(HTTPHeaders(pairs), receivedAt: arrival)
        }
        #expect(retryAfter([("Retry-After", "120")]) == 120)
        #expect(retryAfter([("Retry-After", " 7 ")]) == 7)
        #expect(retryAfter([("Retry-After", String(repeating: "9", count: 400))]) == 1e15)
        #expect(retryAfter([("Retry-After", "-5")]) == nil)
        #expect(retryAfter([("Retry-After", "soon")]) == nil)
        #expect(retryAfter([]) == nil)
        // A date, against the same response's Date (the server's clock), else against the arrival.
        let date = "Sun, 06 Nov 1994 08:51:37 GMT"
        #expect(retryAfter([("Retry-After", date), ("Date", "Sun, 06 Nov 1994 08:50:37 GMT")]) == 60)
        #expect(retryAfter([("Retry-After", date)]) == 120)
        // In the past: 0 or less, which the pause does not take.
        #expect(retryAfter([("Retry-After", "Sun, 06 Nov 1994 08:40:00 GMT")])! < 0)
    }
}
