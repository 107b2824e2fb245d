import Logging
import WeatherCore
import WeatherDisplay

/// The journal entries of the weather sources (docs/sources.md): one when a location moves to a later
/// source and one when it returns, each naming the reason; a first source still failing (info); a source
/// that refused a location, a deprecated product and days cut in UTC, each said once.
extension WeatherLoop {
    /// Says once that `contact` is empty while a location may be served by MET Norway, which may block a
    /// client it cannot identify.
    mutating func noticeMissingSourceContact() {
        guard configuration.effectiveContact.isEmpty, !sourceContactNoticed,
            configuration.locations.contains(where: { ($0.sources ?? configuration.sources).contains(.metNorway) })
        else { return }
        sourceContactNoticed = true
        journal(
            .notice,
            Catalogue.text(
                "contact is empty: met-norway, a weather source here, asks for a contact (an e-mail address or URL) "
                    + "in the User-Agent and may block a client it cannot identify; set contact"
            ),
            metadata: ["weather.provider": "\(WeatherSource.metNorway.rawValue)"]
        )
    }

    mutating func logSource(_ event: PlannerEvent) {
        switch event {
        case .sourceChanged(let location, let from, let to, let reason):
            journal(
                .warning,
                Catalogue.text(
                    "{location}: weather now from {source}: {failed} failed ({reason})",
                    ["location": location.name, "source": to.rawValue, "failed": from.rawValue, "reason": reason]
                ),
                metadata: sourceMetadata(location, provider: to, previous: from).merging(
                    ["message_id": "\(MessageID.sourceChanged)", "weather.error": "\(reason)"]
                ) { $1 }
            )
        case .sourceReturned(let location, let from, let to):
            journal(
                .notice,
                Catalogue.text(
                    "{location}: weather from {source} again ({other} served it meanwhile)",
                    ["location": location.name, "source": to.rawValue, "other": from.rawValue]
                ),
                metadata: sourceMetadata(location, provider: to, previous: from).merging(
                    ["message_id": "\(MessageID.sourceReturned)"]
                ) { $1 }
            )
        case .firstSourceStillFailing(let location, let source, let reason):
            journal(
                .info,
                Catalogue.text(
                    "{location}: {source} still fails ({reason}); the weather stays on its later source",
                    ["location": location.name, "source": source.rawValue, "reason": reason]
                ),
                metadata: sourceMetadata(location, provider: source, previous: nil).merging(
                    ["weather.error": "\(reason)"]
                ) { $1 }
            )
        case .sourcePaused(let location, let source, let until, let reason):
            journal(
                .warning,
                Catalogue.text(
                    "{location}: {source} refused the request ({reason}); not asked for it before {time}",
                    ["location": location.name, "source": source.rawValue, "reason": reason, "time": until.rfc3339]
                ),
                metadata: sourceMetadata(location, provider: source, previous: nil).merging(
                    ["weather.error": "\(reason)", "weather.paused_until": "\(until.rfc3339)"]
                ) { $1 }
            )
        case .deprecatedProduct(let source):
            journal(
                .warning,
                Catalogue.text(
                    "{source} says its product is deprecated or in beta (HTTP 203); its answers are used",
                    ["source": source.rawValue]
                ),
                metadata: ["weather.provider": "\(source.rawValue)"]
            )
        case .noUTCOffset(let location, let source):
            journal(
                .notice,
                Catalogue.text(
                    "{location}: its UTC offset is not known yet: {source}'s days are cut in UTC",
                    ["location": location.name, "source": source.rawValue]
                ),
                metadata: sourceMetadata(location, provider: source, previous: nil)
            )
        default:
            break
        }
    }

    private func sourceMetadata(
        _ location: Location,
        provider: WeatherSource,
        previous: WeatherSource?
    ) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "weather.location": "\(location.id)",
            "weather.location_name": "\(location.name)",
            "weather.provider": "\(provider.rawValue)",
        ]
        if let previous { metadata["weather.previous_provider"] = "\(previous.rawValue)" }
        return metadata
    }
}
