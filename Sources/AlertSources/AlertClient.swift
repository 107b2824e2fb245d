import AsyncHTTPClient
import Logging
import NIOHTTP1
import WeatherHTTP
import WeatherCore

/// The production ``AlertPolling``: one `GET` per poll, asked and read as the feed's ``AlertSource`` says
/// (docs/alerts.md), for texts in the reader's language where the source offers it, with a `User-Agent`
/// naming weatherd and the contact and `If-Modified-Since` where the order carries one asked in the same
/// language. The answer is decoded here, off the loop: each member location gets the warnings that apply
/// to it.
public struct AlertClient: AlertPolling {
    /// The largest answer accepted, decompressed: a MeteoAlarm country feed runs to several MB.
    public static let bodyLimit = 32 << 20

    private let http: HTTPGetter
    private let urls: AlertEndpoints
    private let userAgent: String
    private let language: Language

    /// A client asking for texts in `language` where the source offers it. `httpClient` is owned by the
    /// caller and should decompress gzip.
    public init(
        httpClient: HTTPClient,
        urls: AlertEndpoints,
        timeout: Duration,
        userAgent: String,
        language: Language,
        logger: Logger
    ) {
        self.http = HTTPGetter(
            httpClient: httpClient,
            timeout: timeout,
            userAgent: userAgent,
            logger: logger,
            bodyLimit: Self.bodyLimit
        )
        self.urls = urls
        self.userAgent = userAgent
        self.language = language
    }

    /// The URL a feed is asked at for texts in `language`.
    public static func url(of feed: AlertFeed, urls: AlertEndpoints, language: Language) -> String {
        feed.source.alertSource(language: language).url(of: feed, base: urls.url(of: feed.source))
    }

    /// The headers a feed is asked with for texts in `language`, besides `User-Agent`: the source's, and
    /// `If-Modified-Since` when the order's `Last-Modified` was answered in the same language (a 304 would
    /// otherwise keep the texts of another).
    public static func headers(of order: AlertPollOrder, language: Language) -> [(String, String)] {
        var headers = order.feed.source.alertSource(language: language).headers
        if let since = order.ifModifiedSince, order.language == language {
            headers.append(("If-Modified-Since", since))
        }
        return headers
    }

    /// Polls the order's feed.
    public func poll(_ order: AlertPollOrder) async -> AlertPollOutcome {
        let feed = order.feed
        let source = feed.source.alertSource(language: language)
        let response: HTTPGetter.Response
        do throws(FetchError) {
            response = try await http.get(
                Self.url(of: feed, urls: urls, language: language),
                headers: Self.headers(of: order, language: language)
            )
        } catch {
            return AlertPollOutcome(.failed(error))
        }
        var outcome: AlertPollOutcome
        switch response.status {
        case 200..<300:
            do throws(FetchError) {
                outcome = AlertPollOutcome(.answered(try source.alerts(in: response.body.readableBytesView, for: feed)))
            } catch {
                return AlertPollOutcome(.failed(error))
            }
        case 304:
            outcome = AlertPollOutcome(.unchanged)
        case 403:
            var error = FetchErrorClassifier.classify(status: 403, headers: response.headers)
            error.message = "HTTP 403 Forbidden (sent User-Agent: \(userAgent))"
            return AlertPollOutcome(.failed(error))
        default:
            let error =
                source.failure(status: response.status, for: feed)
                ?? FetchErrorClassifier.classify(status: response.status, headers: response.headers)
            return AlertPollOutcome(.failed(error))
        }
        outcome.lastModified = response.headers.first(name: "Last-Modified")
        // The planner bounds it (4 periods at the most).
        outcome.freshForSeconds = HTTPDate.freshness(response.headers, receivedAt: response.receivedAt)
        outcome.language = language
        return outcome
    }
}
