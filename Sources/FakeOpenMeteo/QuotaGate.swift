import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Open-Meteo's rate limit, in front of another handler: requests are weighed as Open-Meteo weighs them
/// (variables / 10 calls for more than 10 variables, in tenths) and counted in the current UTC minute;
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

    /// The weight of `request` in tenths of a call.
    public static func weight(of request: FakeRequest) -> Int {
        let variables = ["current", "daily", "hourly"].reduce(0) { count, name in
            count + (request.query[name].map { $0.split(separator: ",").count } ?? 0)
        }
        return max(10, variables)
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
