#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOHTTP1
import WeatherCore

/// HTTP dates (RFC 9110 §5.6.7) and what weatherd reads from them: the API clock sample of a response
/// (`Date` plus `Age`, docs/fetching.md) and a `Retry-After` in either form. The three formats a recipient must
/// accept: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`)
/// and asctime (`Sun Nov  6 08:49:37 1994`). Read by hand into RFC 3339 and validated by ``Timestamp``:
/// the C library's `strptime` is not visible through Swift's Glibc module, and FoundationEssentials has
/// no HTTP date style.
package enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The time `text` names, or nil when it is no HTTP date.
    package static func parse(_ text: String) -> Timestamp? {
        guard text.utf8.count < 64 else { return nil }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let day: String
        let month: String
        var year: String
        let time: String
        switch words.count {
        case 6 where words[0].hasSuffix(",") && words[5] == "GMT":  // IMF-fixdate
            (day, month, year, time) = (words[1], words[2], words[3], words[4])
        case 4 where words[0].hasSuffix(",") && words[3] == "GMT":  // RFC 850
            let parts = words[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else { return nil }
            (day, month, year, time) = (parts[0], parts[1], parts[2], words[2])
        case 5:  // asctime
            (day, month, year, time) = (words[2], words[1], words[4], words[3])
        default:
            return nil
        }
        if year.count == 2, let short = Int(year) { year = String(short < 70 ? 2000 + short : 1900 + short) }
        guard let monthIndex = months.firstIndex(of: month.lowercased()), day.count <= 2, let dayNumber = Int(day),
            year.count == 4, time.count == 8
        else { return nil }
        let monthText = monthIndex < 9 ? "0\(monthIndex + 1)" : "\(monthIndex + 1)"
        let dayText = dayNumber < 10 ? "0\(dayNumber)" : "\(dayNumber)"
        return Timestamp(rfc3339: "\(year)-\(monthText)-\(dayText)T\(time)Z")
    }

    /// The API's clock minus the host's from a response's headers, the host's wall clock reading
    /// `receivedAt` when they arrived: `Date` plus `Age` (a cache's), minus `receivedAt`. Nil without a
    /// valid `Date`.
    static func clockSample(_ headers: HTTPHeaders, receivedAt: Timestamp) -> Double? {
        guard let value = headers.first(name: "date"), let date = parse(value) else { return nil }
        let age = headers.first(name: "age").flatMap { Int($0.trimmingWhitespace()) }.map { Double(max(0, $0)) } ?? 0
        return date.adding(seconds: age).seconds(since: receivedAt)
    }

    /// `Retry-After` in seconds from now: delta-seconds, or an HTTP date read against the same response's
    /// `Date` (the server's own clock; without a `Date`, against `receivedAt`, the host's). Nil when absent
    /// or unparsable; a date in the past gives 0 or less.
    package static func retryAfter(_ headers: HTTPHeaders, receivedAt: Timestamp) -> Double? {
        guard let value = headers.first(name: "retry-after")?.trimmingWhitespace(), !value.isEmpty else {
            return nil
        }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Digits only; a number too large for a Double is as good as forever.
            return min(Double(value) ?? 1e15, 1e15)
        }
        guard let date = parse(value) else { return nil }
        let reference = headers.first(name: "date").flatMap(parse) ?? receivedAt
        return date.seconds(since: reference)
    }

    /// For how long a response is fresh: `Cache-Control`'s `max-age` (delta-seconds: digits only, no
    /// `inf`, exponent or sign), else `Expires` read against the same response's `Date` (without one,
    /// against `receivedAt`, the host's clock); nil without either.
    package static func freshness(_ headers: HTTPHeaders, receivedAt: Timestamp) -> Double? {
        for value in headers["cache-control"] {
            for directive in value.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
                guard parts.count == 2, parts[0].lowercased() == "max-age" else { continue }
                let text = parts[1]
                if !text.isEmpty, text.count <= 10, text.allSatisfy({ $0.isASCII && $0.isNumber }),
                    let seconds = Int(text)
                {
                    return Double(seconds)
                }
            }
        }
        guard let value = headers.first(name: "expires"), let expires = parse(value) else { return nil }
        let reference = headers.first(name: "date").flatMap(parse) ?? receivedAt
        return max(0, expires.seconds(since: reference))
    }

    /// The host's wall clock.
    package static func hostNow() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(secondsSinceEpoch: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9)
    }
}
