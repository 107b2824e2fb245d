#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// HTTP dates as the look-alike writes them (RFC 9110 §5.6.7, IMF-fixdate), and the host's clock.
public enum HTTPDateText {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for `seconds` since the epoch (the fraction dropped).
    public static func imfFixdate(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var fields = tm()
        gmtime_r(&time, &fields)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = days[Int(fields.tm_wday) % 7]
        let month = months[Int(fields.tm_mon) % 12]
        return "\(day), \(two(fields.tm_mday)) \(month) \(fields.tm_year + 1900) "
            + "\(two(fields.tm_hour)):\(two(fields.tm_min)):\(two(fields.tm_sec)) GMT"
    }

    /// The host's wall clock, in seconds since the epoch.
    public static func hostNow() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
