#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// HTTP dates as the look-alike writes them (RFC 9110 §5.6.7, IMF-fixdate), RFC 3339 times, and the host's
/// clock.
public enum HTTPDateText {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for `seconds` since the epoch (the fraction dropped).
    public static func imfFixdate(_ seconds: Double) -> String {
        let fields = utc(seconds)
        let day = days[Int(fields.tm_wday) % 7]
        let month = months[Int(fields.tm_mon) % 12]
        return "\(day), \(two(fields.tm_mday)) \(month) \(fields.tm_year + 1900) \(clock(fields)) GMT"
    }

    /// `2026-11-24T13:00:00Z` for `seconds` since the epoch (the fraction dropped).
    public static func rfc3339(_ seconds: Double) -> String {
        let fields = utc(seconds)
        return "\(fields.tm_year + 1900)-\(two(fields.tm_mon + 1))-\(two(fields.tm_mday))T\(clock(fields))Z"
    }

    private static func utc(_ seconds: Double) -> tm {
        var time = time_t(seconds.rounded(.down))
        var fields = tm()
        gmtime_r(&time, &fields)
        return fields
    }

    /// `08:49:37`.
    private static func clock(_ fields: tm) -> String {
        "\(two(fields.tm_hour)):\(two(fields.tm_min)):\(two(fields.tm_sec))"
    }

    private static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// The host's wall clock, in seconds since the epoch.
    public static func hostNow() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
