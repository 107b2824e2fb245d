import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Open-Meteo's rate limit, in front of another handler: requests are weighed as Open-Meteo weighs them
/// (``weight(of:)``, in tenths of a call) and counted in the current UTC minute;
/// one that would go over `minuteLimit` calls is answered with Open-Meteo's 429 ("Minutely API request
/// limit exceeded"), and counts too, as failed requests do there.
public final class QuotaGate: Sendable {
    private struct Window {
        var minute = 0
        var usedTenths = 0
    }

    private let limitTenths: Int
    private let window = Mutex(Window())
    private let next: @Sendable (FakeRequest) -> FakeResponse

    /// A gate of `minuteLimit` calls a minute before `next`.
    public init(minuteLimit: Double, next: @escaping @Sendable (FakeRequest) -> FakeResponse) {
        self.limitTenths = Int((minuteLimit * 10).rounded())
        self.next = next
    }

    /// The handler.
    public var handler: @Sendable (FakeRequest) -> FakeResponse {
        { [self] request in respond(to: request) }
    }

    /// The sections whose variables count towards a request's weight.
    public static let weighedSections = ["current", "minutely_15", "hourly", "daily"]

    /// The weight of `request` in tenths of a call, as Open-Meteo counts it:
    /// max(1, variables / 10 × max(1, forecast_days / 14)) calls, where variables are those of `current`,
    /// `minutely_15`, `hourly` and `daily` together and forecast_days is 7 when not sent (or not a number);
    /// a fraction of a tenth counts as a whole one.
    public static func weight(of request: FakeRequest) -> Int {
        let variables = weighedSections.reduce(0) { count, name in
            count + (request.query[name].map { $0.split(separator: ",").count } ?? 0)
        }
        let days = request.query["forecast_days"].flatMap { Int($0) }.map { max(0, min($0, 1_000)) } ?? 7
        return weight(variables: variables, forecastDays: days)
    }

    /// The weight in tenths of a call of a request for `variables` variables over `forecastDays` days.
    public static func weight(variables: Int, forecastDays: Int = 7) -> Int {
        let scale = max(14, forecastDays)
        let tenths = (variables * scale + 13) / 14  // variables × max(1, days / 14), rounded up
        return max(10, tenths)
    }

    private func respond(to request: FakeRequest) -> FakeResponse {
        let minute = Int(request.time.rounded(.down)) / 60
        let weight = Self.weight(of: request)
        let allowed = window.withLock { window in
            if window.minute != minute { window = Window(minute: minute, usedTenths: 0) }
            window.usedTenths += weight
            return window.usedTenths <= limitTenths
        }
        guard allowed else {
            return FakeResponse.openMeteoError(
                status: 429,
                reason: "Minutely API request limit exceeded. Please try again in one minute."
            )
        }
        return next(request)
    }
}
