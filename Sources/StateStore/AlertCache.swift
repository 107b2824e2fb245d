#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore

/// What weatherd knows of the official warnings, kept in `<state directory>/alerts.json` beside the
/// durable cache (docs/alerts.md): each feed's next poll, `Last-Modified` (with the language it was
/// answered in) and failures, each location's warning chains in full (descriptions and instructions, which
/// the state file leaves out, and the language of their texts) with whether each was announced, and the
/// points found not covered with when they were. A restart therefore costs no poll and announces nothing
/// twice. Written durably when a poll ends or a warning ends, never because time passed. A file of an
/// earlier version reads without the languages.
public struct AlertCache: Sendable {
    /// The file.
    public let path: String

    /// Creates a value from each of its properties.
    public init(path: String) {
        self.path = path
    }

    /// The alerts cache beside the durable cache.
    public init(besideCache cache: StateFile) {
        self.init(path: cache.directory + "/alerts.json")
    }

    /// What the file holds; empty when it is missing or unreadable (the sources are then asked again).
    /// A point found not covered whose time the file does not give (one written by an earlier version)
    /// counts as found now.
    public func load() -> AlertPlanner.Memory {
        load(at: Timestamp(secondsSinceEpoch: Date().timeIntervalSince1970))
    }

    /// What the file holds, a point found not covered without a time counting as found at `now`.
    public func load(at now: Timestamp) -> AlertPlanner.Memory {
        guard let bytes = try? AtomicFile.read(path),
            let file = try? JSONDecoder().decode(AlertCacheFile.self, from: Data(bytes)),
            file.version == 1
        else { return AlertPlanner.Memory() }
        return file.memory(at: now)
    }

    /// Replaces the file with `memory`, durably.
    public func save(_ memory: AlertPlanner.Memory) throws(FileSystemError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Plain strings and finite numbers: encoding cannot fail.
        var bytes = (try? Array(encoder.encode(AlertCacheFile(memory)))) ?? Array("{}".utf8)
        bytes.append(UInt8(ascii: "\n"))
        try AtomicFile.write(bytes, to: path)
    }
}

// The file's shape; names follow the JSON keys.
// swift-format-ignore: AlwaysUseLowerCamelCase
private struct AlertCacheFile: Codable {
    struct Feed: Codable {
        var next_poll_at: String?
        var last_answer_at: String?
        var last_modified: String?
        /// The language `last_modified` was answered in; missing in files of earlier versions.
        var language: String?
        var failures: Int
    }

    struct Location: Codable {
        var source: Alert.Source
        var chains: [Chain]
    }

    struct Chain: Codable {
        var alert: Item
        var message_ids: [String]
        var announced: Bool
        var last_listed: String
    }

    struct Item: Codable {
        var id: String
        var source: Alert.Source
        var event: String
        var severity: Alert.Severity
        var urgency: Alert.Urgency
        var certainty: Alert.Certainty
        var headline: String?
        var description: String?
        var instruction: String?
        var onset: String?
        var ends: String?
        var area: String?
        var url: String?
        var message_type: Alert.MessageType
        var references: [String]
        var sent: String?
        /// The language of the texts, as the source tags it; missing in files of earlier versions.
        var language: String?
    }

    var version: Int
    var feeds: [String: Feed]
    var locations: [String: Location]
    /// The keys of the points found not covered (all that earlier versions write and read).
    var outside: [String]?
    /// When each of them was found not covered.
    var outside_since: [String: String]?

    init(_ memory: AlertPlanner.Memory) {
        version = 1
        outside = memory.notCovered.keys.sorted()
        outside_since = memory.notCovered.mapValues(\.rfc3339)
        feeds = memory.feeds.mapValues { state in
            Feed(
                next_poll_at: state.nextPollAt?.rfc3339,
                last_answer_at: state.lastAnswerAt?.rfc3339,
                last_modified: state.lastModified,
                language: state.language?.rawValue,
                failures: state.failures
            )
        }
        locations = memory.locations.mapValues { remembered in
            Location(
                source: remembered.source,
                chains: remembered.chains.map { chain in
                    Chain(
                        alert: Item(chain.alert),
                        message_ids: chain.messageIDs.sorted(),
                        announced: chain.announced,
                        last_listed: chain.lastListed.rfc3339
                    )
                }
            )
        }
    }

    func memory(at now: Timestamp) -> AlertPlanner.Memory {
        AlertPlanner.Memory(
            feeds: feeds.mapValues { feed in
                AlertPlanner.FeedState(
                    nextPollAt: feed.next_poll_at.flatMap(Timestamp.init(rfc3339:)),
                    lastAnswerAt: feed.last_answer_at.flatMap(Timestamp.init(rfc3339:)),
                    lastModified: feed.last_modified,
                    language: feed.language.flatMap(Language.init(rawValue:)),
                    failures: max(0, feed.failures)
                )
            },
            locations: locations.mapValues { location in
                AlertPlanner.LocationMemory(
                    source: location.source,
                    chains: location.chains.compactMap { chain in
                        guard let listed = Timestamp(rfc3339: chain.last_listed) else { return nil }
                        return AlertChain(
                            alert: chain.alert.alert,
                            messageIDs: Set(chain.message_ids),
                            announced: chain.announced,
                            lastListed: listed
                        )
                    }
                )
            },
            notCovered: Dictionary(
                (outside ?? []).map { key in (key, outside_since?[key].flatMap(Timestamp.init(rfc3339:)) ?? now) },
                uniquingKeysWith: { first, _ in first }
            )
        )
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension AlertCacheFile.Item {
    init(_ alert: Alert) {
        self.init(
            id: alert.id,
            source: alert.source,
            event: alert.event,
            severity: alert.severity,
            urgency: alert.urgency,
            certainty: alert.certainty,
            headline: alert.headline,
            description: alert.description,
            instruction: alert.instruction,
            onset: alert.onset.map(Self.precise),
            ends: alert.ends.map(Self.precise),
            area: alert.area,
            url: alert.url,
            message_type: alert.messageType,
            references: alert.references,
            sent: alert.sent.map(Self.precise),
            language: alert.language
        )
    }

    var alert: Alert {
        Alert(
            id: id,
            source: source,
            event: event,
            severity: severity,
            urgency: urgency,
            certainty: certainty,
            headline: headline,
            description: description,
            instruction: instruction,
            onset: onset.flatMap(Timestamp.init(rfc3339:)),
            ends: ends.flatMap(Timestamp.init(rfc3339:)),
            area: area,
            url: url,
            messageType: message_type,
            references: references,
            sent: sent.flatMap(Timestamp.init(rfc3339:)),
            language: language
        )
    }

    /// CAP times are whole seconds: RFC 3339 keeps them exactly.
    private static func precise(_ time: Timestamp) -> String { time.rfc3339 }
}
