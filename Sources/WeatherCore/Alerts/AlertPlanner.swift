/// Decides the alert polls as ``Planner`` decides weather fetches, and keeps what they answered
/// (docs/alerts.md): pure, on the wall clock, no I/O.
///
/// - Each feed is asked at most once per its source's period (``AlertSourceTerms/pollPeriodSeconds``), never
///   before its answer's caching headers allow, plus a jitter of up to a tenth of the period, so that feeds
///   drift apart and no poll is on the minute.
/// - A feed never asked (a first start, a location added by a reload) is asked within seconds: the first
///   polls of one host come ``firstPollSpacingSeconds`` apart plus a fraction of a second, never in the
///   first second of a minute; each feed's period applies from its first answer on.
/// - One poll at a time per host, and at most one new poll per host per call of ``startDuePolls(at:)`` (the daemon
///   calls it once a tick): the first polls of N locations of one source come a tick apart, not in one
///   second.
/// - A failed poll backs off: the period, then twice, then four times it; a `Retry-After` is kept, bounded
///   by 4 periods. A feed failing 3 polls in a row is stale.
/// - A source `auto` chose that answers that a point is not its own leaves the location without a source
///   for ``notCoveredForSeconds`` (a week): then it is asked again, as a stray 404 of a proxy may have
///   been the answer.
/// - Everything that must survive a restart is ``memory``: each feed's next poll, `Last-Modified` (with the
///   language its answer was asked in) and failures, each location's warnings, and the points found not
///   covered. A restart therefore costs no poll.
public struct AlertPlanner: Sendable {
    /// How far apart the first polls of one host are, besides a fraction of a second.
    public static let firstPollSpacingSeconds = 3.0
    /// How long a point found not covered goes without its source: a week.
    public static let notCoveredForSeconds = 7 * 86_400.0

    /// What the durable cache keeps of one feed.
    public struct FeedState: Sendable, Hashable {
        /// No poll before this.
        public var nextPollAt: Timestamp?
        /// When the source last answered (200 or 304).
        public var lastAnswerAt: Timestamp?
        /// The last answer's `Last-Modified`.
        public var lastModified: String?
        /// The language the last answer's texts were asked in: its `Last-Modified` holds for it alone.
        public var language: Language?
        /// Failed polls in a row.
        public var failures: Int = 0

        /// Creates a value from each of its properties.
        public init(
            nextPollAt: Timestamp? = nil,
            lastAnswerAt: Timestamp? = nil,
            lastModified: String? = nil,
            language: Language? = nil,
            failures: Int = 0
        ) {
            self.nextPollAt = nextPollAt
            self.lastAnswerAt = lastAnswerAt
            self.lastModified = lastModified
            self.language = language
            self.failures = failures
        }
    }

    /// What the durable cache keeps of one location: its source and the warning chains in force.
    public struct LocationMemory: Sendable, Hashable {
        /// The source the chains came from.
        public var source: Alert.Source
        /// The chains, each with whether it was announced.
        public var chains: [AlertChain] = []

        /// Creates a value from each of its properties.
        public init(source: Alert.Source, chains: [AlertChain] = []) {
            self.source = source
            self.chains = chains
        }
    }

    /// Everything that survives a restart.
    public struct Memory: Sendable, Hashable {
        /// By ``AlertFeed/key``.
        public var feeds: [String: FeedState] = [:]
        /// By location id.
        public var locations: [String: LocationMemory] = [:]
        /// The keys of the point feeds `auto` chose whose source answered that the point is not its own
        /// (``AlertSourceTerms/isNotCovered(_:)``), each with when it did: no source for those locations
        /// until ``AlertPlanner/notCoveredForSeconds`` later.
        public var notCovered: [String: Timestamp] = [:]

        /// The keys of ``notCovered``.
        public var outside: Set<String> { Set(notCovered.keys) }

        /// Creates a value from each of its properties.
        public init(
            feeds: [String: FeedState] = [:],
            locations: [String: LocationMemory] = [:],
            notCovered: [String: Timestamp] = [:]
        ) {
            self.feeds = feeds
            self.locations = locations
            self.notCovered = notCovered
        }
    }

    /// What the planner tells the journal.
    public enum Event: Sendable, Hashable {
        /// A warning of a location started, was updated or ended.
        case alert(locationID: String, AlertEvent)
        /// A poll failed; `failures` in a row now.
        case pollFailed(AlertFeed, FetchError, failures: Int)
        /// A source answered again after failing.
        case pollRecovered(AlertFeed, failures: Int)
        /// The source `auto` chose for these locations says the point is not its own: they have no source.
        case outside(AlertFeed, FetchError)
    }

    /// The feeds polled, in the order of their first location.
    public private(set) var feeds: [AlertFeed] = []
    /// Each configured location's target (nil: no source).
    public private(set) var targets: [String: AlertTarget?] = [:]
    /// What survives a restart.
    public private(set) var memory: Memory
    private var inFlight: [String: String] = [:]
    /// The feeds of locations whose point was found not covered, held back until the mark expires.
    private var withheld: [AlertFeed] = []
    /// The target of each location of a ``withheld`` feed, given back when it is released.
    private var withheldTargets: [String: AlertTarget] = [:]
    private var random: SplitMix64

    /// A planner remembering `memory` (the durable cache's), with jitter seeded by `seed`.
    public init(memory: Memory = Memory(), seed: UInt64) {
        self.memory = memory
        self.random = SplitMix64(seed: seed ^ 0xA1E7_5EED)
    }

    /// Sets the locations and what each polls (the configuration's, at start, on reload, and when
    /// geocoding resolves a location): the feeds are built anew; what is known of a feed or a location that
    /// stays is kept, the rest forgotten. A point source needs coordinates: a location without them yet
    /// has no feed until then. `host` names the host each source is asked at.
    public mutating func configure(
        _ subjects: [(location: Location, target: AlertTarget?)],
        host: (Alert.Source) -> String
    ) {
        var feeds: [AlertFeed] = []
        var index: [String: Int] = [:]
        var undecided: Set<String> = []
        var manual: Set<String> = []
        targets = [:]
        withheld = []
        withheldTargets = [:]
        for (location, target) in subjects {
            targets[location.id] = target
            // Not known yet (a name not resolved): what it remembers stays until it is.
            if target == nil && location.alerts != .none && !location.hasCoordinates { undecided.insert(location.id) }
            guard let target else { continue }
            let member = AlertFeed.Member(
                locationID: location.id,
                code: target.code,
                latitude: location.latitude,
                longitude: location.longitude
            )
            guard target.source == .meteoalarm || location.hasCoordinates else { continue }
            if target.source == .meteoalarm && target.code == nil && !location.hasCoordinates { continue }
            let feed = AlertFeed(
                source: target.source,
                country: target.source == .meteoalarm ? target.country ?? "" : nil,
                latitude: location.latitude,
                longitude: location.longitude,
                members: [member],
                host: host(target.source)
            )
            if target.isAutomatic && memory.notCovered[feed.key] != nil {
                withhold(feed, targets: [location.id: target])
                continue
            }
            if !target.isAutomatic { manual.insert(feed.key) }
            if let at = index[feed.key] {
                feeds[at].members.append(member)
            } else {
                index[feed.key] = feeds.count
                feeds.append(feed)
            }
        }
        // A source set by hand is asked: an automatic location of the same point gets it back too.
        for key in manual { memory.notCovered[key] = nil }
        for feed in withheld where memory.notCovered[feed.key] == nil { release(feed, into: &feeds, index: &index) }
        // A feed that gains a location is asked in full again: its Last-Modified is not the new one's. (A
        // feed first configured, at start, keeps the one the memory holds.)
        for feed in feeds {
            guard let earlier = self.feeds.first(where: { $0.key == feed.key }) else { continue }
            let before = Set(earlier.members.map(\.locationID))
            if !Set(feed.members.map(\.locationID)).isSubset(of: before) { memory.feeds[feed.key]?.lastModified = nil }
        }
        self.feeds = feeds
        memory.feeds = memory.feeds.filter { index[$0.key] != nil }
        memory.locations = memory.locations.filter { id, remembered in
            undecided.contains(id) || target(of: id)?.source == remembered.source
        }
    }

    /// Starts the polls due at `now` and returns them: every feed whose next poll has come (or was never
    /// set), at most one per host and none on a host with a poll in flight. Each is in flight until
    /// ``finish(_:_:at:)`` or ``abandon(_:)``. A next poll more than 5 periods away means the wall clock
    /// went back: it is due. A point found not covered a week ago is asked again.
    public mutating func startDuePolls(at now: Timestamp) -> [AlertPollOrder] {
        if !memory.notCovered.isEmpty { releaseExpiredMarks(at: now) }
        // The hosts with a poll in flight are gathered only once a feed is due: at most ticks none is
        // (callgrind: the set made at every tick was 400 of this check's 5,200 instructions).
        var busy: Set<String>?
        var orders: [AlertPollOrder] = []
        var waiting: [String: Int] = [:]
        for feed in feeds where memory.feeds[feed.key]?.nextPollAt == nil {
            // Never asked: the first polls of one host come seconds apart.
            let position = waiting[feed.host, default: 0]
            waiting[feed.host] = position + 1
            memory.feeds[feed.key, default: FeedState()].nextPollAt = firstPoll(position, at: now)
        }
        for feed in feeds where inFlight[feed.key] == nil {
            let state = memory.feeds[feed.key] ?? FeedState()
            let terms = feed.source.terms
            // The planner never sets a next poll further than 4.1 periods away (4 periods of backoff or of
            // caching headers, plus the jitter): further means the wall clock went back.
            if let next = state.nextPollAt, next > now, next.seconds(since: now) <= terms.pollPeriodSeconds * 5 {
                continue
            }
            if busy == nil { busy = Set(inFlight.values) }
            guard busy?.insert(feed.host).inserted == true else { continue }
            inFlight[feed.key] = feed.host
            orders.append(
                AlertPollOrder(
                    feed: feed,
                    ifModifiedSince: terms.answersIfModifiedSince ? state.lastModified : nil,
                    language: state.language
                )
            )
        }
        return orders
    }

    /// Whether a poll of the feed of `key` is in flight.
    public func isPolling(_ key: String) -> Bool { inFlight[key] != nil }

    /// Whether any poll is in flight.
    public var isPolling: Bool { !inFlight.isEmpty }

    /// Forgets a poll that was cancelled (stopping) at `now`: the feed is next asked a period later, so
    /// that a restart right after costs no poll.
    public mutating func abandon(_ order: AlertPollOrder, at now: Timestamp) {
        guard inFlight.removeValue(forKey: order.feed.key) != nil, memory.feeds[order.feed.key] != nil else { return }
        let next = now.adding(seconds: order.feed.source.terms.pollPeriodSeconds)
        let planned = memory.feeds[order.feed.key]?.nextPollAt ?? next
        memory.feeds[order.feed.key]?.nextPollAt = max(planned, next)
    }

    /// Records how a poll ended at `now` (the host's clock, for the schedule; `apiNow`, the API's clock
    /// where known, for whether warnings are in force): the warnings it answered, or its failure, and when
    /// the feed is next due; says what changed. A poll of a feed a reload removed is ignored.
    public mutating func finish(
        _ order: AlertPollOrder,
        _ outcome: AlertPollOutcome,
        at now: Timestamp,
        apiNow: Timestamp? = nil
    ) -> [Event] {
        let apiNow = apiNow ?? now
        guard inFlight.removeValue(forKey: order.feed.key) != nil,
            let feed = feeds.first(where: { $0.key == order.feed.key })
        else { return [] }
        var state = memory.feeds[feed.key] ?? FeedState()
        let period = feed.source.terms.pollPeriodSeconds
        let failuresBefore = state.failures
        var events: [Event] = []
        switch outcome.result {
        case .answered(let lists):
            for member in feed.members {
                var chains = chains(of: member.locationID, source: feed.source)
                let changes = chains.applyPoll(lists[member.locationID] ?? [], at: apiNow)
                events += changes.map { .alert(locationID: member.locationID, $0) }
                memory.locations[member.locationID] = LocationMemory(source: feed.source, chains: chains.chains)
            }
        case .unchanged:
            for member in feed.members {
                var chains = chains(of: member.locationID, source: feed.source)
                chains.confirm(at: apiNow)
                events += chains.advance(to: apiNow).map { .alert(locationID: member.locationID, $0) }
                memory.locations[member.locationID] = LocationMemory(source: feed.source, chains: chains.chains)
            }
        case .failed(let error) where saysNotCovered(feed, error):
            memory.notCovered[feed.key] = now
            memory.feeds[feed.key] = nil
            feeds.removeAll { $0.key == feed.key }
            var chosen: [String: AlertTarget] = [:]
            for member in feed.members {
                chosen[member.locationID] = target(of: member.locationID)
                memory.locations[member.locationID] = nil
            }
            withhold(feed, targets: chosen)
            return [.outside(feed, error)]
        case .failed(let error):
            state.failures += 1
            var delay = period * Double(1 << min(state.failures - 1, 2))
            if let retryAfter = error.retryAfterSeconds { delay = max(period, min(retryAfter, period * 4)) }
            state.nextPollAt = now.adding(seconds: delay + jitter(period))
            memory.feeds[feed.key] = state
            return [.pollFailed(feed, error, failures: state.failures)]
        }
        state.failures = 0
        state.lastAnswerAt = now
        if case .answered = outcome.result {
            state.lastModified = outcome.lastModified
            state.language = outcome.language
        } else if let lastModified = outcome.lastModified {
            state.lastModified = lastModified
        }
        // Caching headers can push the next poll, up to 4 periods (a longer max-age is taken as 4 periods).
        let fresh = min(max(outcome.freshForSeconds ?? 0, 0), period * 4)
        state.nextPollAt = now.adding(seconds: max(period, fresh) + jitter(period))
        memory.feeds[feed.key] = state
        if failuresBefore > 0 { events.insert(.pollRecovered(feed, failures: failuresBefore), at: 0) }
        return events
    }

    /// Lets the time pass to `now` for every location: warnings past their end end.
    public mutating func advance(to now: Timestamp) -> [Event] {
        var events: [Event] = []
        for id in memory.locations.keys.sorted() {
            guard var remembered = memory.locations[id] else { continue }
            var chains = AlertChains(remembered.chains)
            let changes = chains.advance(to: now)
            guard !changes.isEmpty else { continue }
            events += changes.map { .alert(locationID: id, $0) }
            remembered.chains = chains.chains
            memory.locations[id] = remembered
        }
        return events
    }

    /// What the location of `id` polls; nil when it has no source (none chosen, or one found not to cover
    /// it) or is not configured.
    public func target(of id: String) -> AlertTarget? {
        targets[id] ?? nil
    }

    /// What the state file shows for the location of `id` at `now`; nil when it has no source.
    public func alerts(for id: String, at now: Timestamp) -> LocationAlerts? {
        guard let target = target(of: id) else { return nil }
        let feed = feeds.first { feed in feed.members.contains { $0.locationID == id } }
        let state = feed.flatMap { memory.feeds[$0.key] }
        let chains = AlertChains(memory.locations[id].map(\.chains) ?? [])
        return LocationAlerts(
            source: target.source,
            fetchedAt: state?.lastAnswerAt,
            stale: (state?.failures ?? 0) >= LocationAlerts.staleAfterFailures,
            items: chains.alerts(inForceAt: now)
        )
    }

    /// Whether `error` is `feed`'s source saying its point is not its own, for locations that all have the
    /// source `auto` chose (a source set by hand is asked whatever it answers).
    private func saysNotCovered(_ feed: AlertFeed, _ error: FetchError) -> Bool {
        feed.source.terms.isNotCovered(error) && feed.members.allSatisfy { isAutomatic($0.locationID) }
    }

    /// Whether the location of `id` has the source `auto` chose.
    private func isAutomatic(_ id: String) -> Bool {
        target(of: id)?.isAutomatic ?? false
    }

    /// The chains of a location, empty when it had none from `source`.
    private func chains(of id: String, source: Alert.Source) -> AlertChains {
        guard let remembered = memory.locations[id], remembered.source == source else { return AlertChains() }
        return AlertChains(remembered.chains)
    }

    /// When the never-asked feed at `position` among those of its host is first due: at once for the first,
    /// then ``firstPollSpacingSeconds`` apart plus a fraction of a second, never in the first second of a
    /// minute.
    private mutating func firstPoll(_ position: Int, at now: Timestamp) -> Timestamp {
        guard position > 0 else { return now }
        let spacing = Self.firstPollSpacingSeconds + Double(random.next() % 1_000_000) / 1_000_000
        let at = now.adding(seconds: spacing * Double(position))
        return at.secondsSinceEpoch.truncatingRemainder(dividingBy: 60) < 1 ? at.adding(seconds: 1) : at
    }

    /// Holds `feed` back (its point not covered): its locations have no source until it is released.
    private mutating func withhold(_ feed: AlertFeed, targets chosen: [String: AlertTarget]) {
        for (id, target) in chosen {
            targets[id] = .some(nil)
            withheldTargets[id] = target
        }
        if let at = withheld.firstIndex(where: { $0.key == feed.key }) {
            withheld[at].members += feed.members
        } else {
            withheld.append(feed)
        }
    }

    /// Gives `feed`'s locations their source back, its members joining `feeds` (by key, through `index`).
    private mutating func release(_ feed: AlertFeed, into feeds: inout [AlertFeed], index: inout [String: Int]) {
        withheld.removeAll { $0.key == feed.key }
        for member in feed.members {
            targets[member.locationID] = withheldTargets.removeValue(forKey: member.locationID)
        }
        if let at = index[feed.key] {
            feeds[at].members += feed.members
        } else {
            index[feed.key] = feeds.count
            feeds.append(feed)
        }
    }

    /// Forgets the marks set ``notCoveredForSeconds`` ago or more (or more than a day ahead: the wall clock
    /// went back), and asks their sources again.
    private mutating func releaseExpiredMarks(at now: Timestamp) {
        let expired = memory.notCovered.filter { _, markedAt in
            let age = now.seconds(since: markedAt)
            return age >= Self.notCoveredForSeconds || age < -86_400
        }
        guard !expired.isEmpty else { return }
        for key in expired.keys { memory.notCovered[key] = nil }
        var feeds = self.feeds
        var index = Dictionary(uniqueKeysWithValues: feeds.enumerated().map { ($1.key, $0) })
        for feed in withheld where expired[feed.key] != nil { release(feed, into: &feeds, index: &index) }
        self.feeds = feeds
    }

    /// Up to a tenth of `period`, with a fraction of a second: feeds drift apart, no poll on the minute.
    private mutating func jitter(_ period: Double) -> Double {
        1 + Double(random.next() % 1_000_000) / 1_000_000 * (period / 10 - 1)
    }
}
