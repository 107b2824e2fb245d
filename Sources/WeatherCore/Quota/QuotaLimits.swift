/// The weighted calls weatherd allows itself per UTC window (`api.limits`), in tenths of a call; 0 means
/// no limit.
public struct QuotaLimits: Sendable, Hashable {
    /// Calls per minute, in tenths.
    public var minuteTenths: Int
    /// Calls per hour, in tenths.
    public var hourTenths: Int
    /// Calls per day, in tenths.
    public var dayTenths: Int

    /// No limits.
    public static let none = QuotaLimits(minute: 0, hour: 0, day: 0)
    /// The public host's free tier: 600 a minute, 5,000 an hour, 10,000 a day per IP address.
    public static let freeTier = QuotaLimits(minute: 600, hour: 5000, day: 10_000)

    /// Limits in calls (fractions allowed: they are kept in tenths).
    public init(minute: Double, hour: Double, day: Double) {
        minuteTenths = Weight.tenths(minute)
        hourTenths = Weight.tenths(hour)
        dayTenths = Weight.tenths(day)
    }

    /// The limit of `window` in tenths; 0 for none.
    public subscript(window: QuotaWindow) -> Int {
        switch window {
        case .minute: minuteTenths
        case .hour: hourTenths
        case .day: dayTenths
        }
    }
}

/// How Open-Meteo weighs a request, kept in tenths of a call, so counting has no float drift. A forecast
/// request's weight also grows with its days (``ForecastBlocks/weight``).
public enum Weight {
    /// A request of `variables` variables over at most 14 days (a geocoding request), in tenths of a
    /// call: one call, or variables / 10 calls for more than 10 variables.
    public static func of(variables: Int) -> Int {
        max(10, variables)
    }

    /// `calls` in tenths (rounded).
    public static func tenths(_ calls: Double) -> Int {
        guard calls.isFinite, calls > 0 else { return 0 }
        return Int((calls * 10).rounded())
    }

    /// Tenths as calls, for output (`16` → 1.6).
    public static func calls(_ tenths: Int) -> Double {
        Double(tenths) / 10
    }
}
