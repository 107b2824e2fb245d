import AsyncHTTPClient
import Logging
import NIOHTTP1
import WeatherHTTP
import WeatherCore

/// The production ``AlertPolling``: one `GET` per poll to the source's base URL, on the source's terms
/// (docs/alerts.md): a `User-Agent` naming weatherd and the contact, coordinates of at most 4 decimals,
/// `If-Modified-Since` where the order carries one, `Accept-Encoding: gzip` for MeteoAlarm's large feeds
/// (the client must decompress). The answer is decoded here, off the loop: each member location gets the
/// warnings that apply to it.
public struct AlertClient: AlertPolling {
    /// The largest answer accepted, decompressed: a MeteoAlarm country feed runs to several MB.
    public static let bodyLimit = 32 << 20

    private let http: HTTPGetter
    private let urls: AlertEndpoints
    private let userAgent: String

    /// A client. `httpClient` is owned by the caller and should decompress gzip.
    public init(httpClient: HTTPClient, urls: AlertEndpoints, timeout: Duration, userAgent: String, logger: Logger) {
        self.http = HTTPGetter(
            httpClient: httpClient,
            timeout: timeout,
            userAgent: userAgent,
            logger: logger,
            bodyLimit: Self.bodyLimit
        )
        self.urls = urls
        self.userAgent = userAgent
    }

    /// The URL a feed is asked at.
    public static func url(of feed: AlertFeed, urls: AlertEndpoints) -> String {
        let base = urls.url(of: feed.source)
        let lat = NumberFormat.coordinate(feed.latitude)
        let lon = NumberFormat.coordinate(feed.longitude)
        switch feed.source {
        case .nws: return "\(base)/alerts/active?point=\(lat),\(lon)"
        case .metno: return "\(base)/weatherapi/metalerts/2.0/current.json?lat=\(lat)&lon=\(lon)&lang=en"
        case .dwd: return "\(base)/alerts?lat=\(lat)&lon=\(lon)"
        case .meteoalarm: return "\(base)/api/v1/warnings/feeds-\(feed.country ?? "")"
        }
    }

    /// The headers a feed is asked with, besides `User-Agent`.
    public static func headers(of order: AlertPollOrder) -> [(String, String)] {
        var headers: [(String, String)] = []
        switch order.feed.source {
        case .nws: headers.append(("Accept", "application/geo+json"))
        case .meteoalarm: headers.append(("Accept-Encoding", "gzip"))
        case .metno, .dwd: break
        }
        if let since = order.ifModifiedSince { headers.append(("If-Modified-Since", since)) }
        return headers
    }

    /// Polls the order's feed.
    public func poll(_ order: AlertPollOrder) async -> AlertPollOutcome {
        let feed = order.feed
        let response: HTTPGetter.Response
        do throws(FetchError) {
            response = try await http.get(Self.url(of: feed, urls: urls), headers: Self.headers(of: order))
        } catch {
            return AlertPollOutcome(.failed(error))
        }
        let lastModified = response.headers.first(name: "Last-Modified")
        // The planner bounds it (4 periods at the most).
        let fresh = HTTPDate.freshness(response.headers, receivedAt: response.receivedAt)
        switch response.status {
        case 200..<300:
            do throws(FetchError) {
                let lists = try Self.decode(response.body.readableBytesView, feed: feed)
                return AlertPollOutcome(.answered(lists), lastModified: lastModified, freshForSeconds: fresh)
            } catch {
                return AlertPollOutcome(.failed(error))
            }
        case 304:
            return AlertPollOutcome(.unchanged, lastModified: lastModified, freshForSeconds: fresh)
        case 403:
            var error = FetchErrorClassifier.classify(status: 403, headers: response.headers)
            error.message = "HTTP 403 Forbidden (sent User-Agent: \(userAgent))"
            return AlertPollOutcome(.failed(error))
        case 404 where feed.source == .dwd:
            let point = "\(NumberFormat.coordinate(feed.latitude)),\(NumberFormat.coordinate(feed.longitude))"
            let error = FetchError(
                kind: .http,
                message: "HTTP 404: Bright Sky has no German warn cell at \(point) (outside Germany?)",
                httpStatus: 404
            )
            return AlertPollOutcome(.failed(error))
        default:
            let error = FetchErrorClassifier.classify(status: response.status, headers: response.headers)
            return AlertPollOutcome(.failed(error))
        }
    }

    /// Decodes a 2xx answer for each member of `feed`.
    public static func decode(_ body: some Collection<UInt8>, feed: AlertFeed) throws(FetchError) -> [String: [Alert]] {
        var lists: [String: [Alert]] = [:]
        switch feed.source {
        case .nws, .metno, .dwd:
            let alerts: [Alert]
            switch feed.source {
            case .nws: alerts = try NWSAlertsDecoder.decode(body)
            case .metno: alerts = try MetAlertsDecoder.decode(body)
            default: alerts = try BrightSkyAlertsDecoder.decode(body)
            }
            for member in feed.members { lists[member.locationID] = alerts }
        case .meteoalarm:
            for member in feed.members {
                let place: MeteoAlarmDecoder.Place =
                    member.code.map { .code($0) } ?? .point(latitude: member.latitude, longitude: member.longitude)
                lists[member.locationID] = try MeteoAlarmDecoder.decode(body, for: place)
            }
        }
        return lists
    }
}
