#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore

/// What the four alert decoders share in reading a body: JSON, with one clear ``FetchError`` (always
/// `invalid_response`: the poll failed) for a body that is not the source's JSON, and GeoJSON's features.
/// What they share in reading a message is ``CAPMessage``'s.
enum AlertJSON {
    /// Decodes `body` as `type`; `source` names the feed in the error ("NWS alerts: not JSON …").
    static func decode<T: Decodable>(
        _ type: T.Type,
        from body: some Collection<UInt8>,
        source: String
    ) throws(FetchError) -> T {
        let start = body.first { !isSpace($0) }
        guard let start else { throw invalid(source, "empty body") }
        guard start != UInt8(ascii: "<") else { throw invalid(source, "not JSON (an HTML page?)") }
        do {
            return try JSONDecoder().decode(T.self, from: Data(body))
        } catch let error as DecodingError {
            throw invalid(source, describe(error))
        } catch {
            throw invalid(source, "not JSON or truncated")
        }
    }

    /// The alerts of the decoded GeoJSON answer `dto`: what `alert` makes of each feature, given its index
    /// and its `properties` (`alert`'s nil: the feature gives no alert), in order; an answer without
    /// `features`, or a feature without `properties`, fails the poll.
    static func featureAlerts<Answer: GeoJSONFeatureCollection>(
        of dto: Answer,
        source: String,
        _ alert: (_ index: Int, Answer.Feature, Answer.Feature.Properties) throws(FetchError) -> Alert?
    ) throws(FetchError) -> [Alert] {
        guard let features = dto.features else { throw invalid(source, "missing `features`") }
        var alerts: [Alert] = []
        for (index, feature) in features.enumerated() {
            guard let properties = feature.properties else {
                throw invalid(source, "feature \(index) has no `properties`")
            }
            if let alert = try alert(index, feature, properties) { alerts.append(alert) }
        }
        return alerts
    }

    /// The error of a poll that failed on its body.
    static func invalid(_ source: String, _ message: String) -> FetchError {
        FetchError(kind: .invalidResponse, message: "\(source): \(message)")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func describe(_ error: DecodingError) -> String {
        error.responseProblem ?? "not JSON or truncated"
    }
}

/// A GeoJSON feature collection as far as weatherd reads it (MET's and the NWS's answers): its features.
protocol GeoJSONFeatureCollection: Decodable {
    associatedtype Feature: GeoJSONFeature
    var features: [Feature]? { get }
}

/// A GeoJSON feature: its `properties` describe one alert.
protocol GeoJSONFeature: Decodable {
    associatedtype Properties
    var properties: Properties? { get }
}
