import Logging
import StateStore
import WeatherCore
import WeatherDisplay

/// The work of a ``LoopRunner`` that is not a decision of the loop: a request, and the link an earlier
/// version's state file becomes. The loop asks for them in its effects; the I/O is here.
extension LoopRunner {
    /// Fetches `order` from its source's client in `clients`.
    public nonisolated static func perform(_ order: FetchOrder, clients: Clients) async -> FetchOutcome {
        guard let provider = clients.weather[order.source] else {
            let error = FetchError(kind: .network, message: "no client for \(order.source.rawValue)")
            return FetchOutcome(result: .failure(error), forecastSent: false, elapsed: .zero)
        }
        return await perform(order, provider: provider, geocoder: clients.geocoder)
    }

    /// Fetches `order`: resolves a name first when the location has no coordinates. Runs off the loop,
    /// as a child task of ``run(signals:)`` (and in `weatherd once`).
    public nonisolated static func perform(
        _ order: FetchOrder,
        provider: any WeatherProviding,
        geocoder: (any GeocodingProviding)?
    ) async -> FetchOutcome {
        let started = ContinuousClock.now
        var location = order.location
        var place: Place?
        do throws(FetchError) {
            if order.geocode {
                guard let geocoder else {
                    throw FetchError(
                        kind: .notFound,
                        message: "\"\(location.name)\" has no coordinates and no geocoder"
                    )
                }
                let found = try await geocoder.place(named: location.name, countryCode: location.countryCode)
                location = location.resolved(latitude: found.latitude, longitude: found.longitude)
                place = found
            }
        } catch {
            return FetchOutcome(result: .failure(error), forecastSent: false, elapsed: ContinuousClock.now - started)
        }
        do throws(FetchError) {
            var query = order.query
            query.location = location
            let answer = try await provider.forecast(query)
            return FetchOutcome(
                result: .success(answer),
                place: place,
                elapsed: ContinuousClock.now - started,
                apiClockSample: answer.apiClockSample
            )
        } catch {
            return FetchOutcome(
                result: .failure(error),
                place: place,
                elapsed: ContinuousClock.now - started,
                apiClockSample: error.apiClockSample
            )
        }
    }

    /// Asks `provider` for the air of `order`'s location; how it ended, and after how long.
    public nonisolated static func perform(
        _ order: AirOrder,
        provider: (any AirQualityProviding)?
    ) async -> (Result<AirQualityAnswer, FetchError>, Duration) {
        let started = ContinuousClock.now
        guard let provider else {
            return (.failure(FetchError(kind: .network, message: "no air quality client")), .zero)
        }
        do throws(FetchError) {
            return (.success(try await provider.airQuality(at: order.location)), ContinuousClock.now - started)
        } catch {
            return (.failure(error), ContinuousClock.now - started)
        }
    }

    /// Replaces an earlier version's state file `oldPath`, now taken over into `cachePath`, with a link to
    /// the state file at `statePath`, so readers configured with the old path keep working (for one
    /// release): ``WeatherLoop/Effect/linkPreviousStateFile(_:)``.
    nonisolated static func link(_ oldPath: String, to statePath: String, cache cachePath: String, logger: Logger) {
        // A relative target would be read relative to the link's own directory.
        guard statePath.hasPrefix("/") else { return }
        do {
            try StateFile(path: oldPath).replaceWithLink(to: statePath)
            let text = Catalogue.text(
                "took the data of {old} over into {cache}; {old} is now a link to {state}",
                ["old": oldPath, "cache": cachePath, "state": statePath]
            )
            logger.notice(
                "\(text)",
                metadata: ["weather.state_file": "\(statePath)", "weather.previous_state_file": "\(oldPath)"]
            )
        } catch {
            let text = Catalogue.text(
                "cannot replace {old} with a link to {state}: {error}",
                ["old": oldPath, "state": statePath, "error": "\(error)"]
            )
            logger.error("\(text)")
        }
    }
}
