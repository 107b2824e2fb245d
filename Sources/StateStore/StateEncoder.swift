import WeatherCore

/// Writes a ``StateSnapshot`` as the state file's JSON (docs/state-file.md): one line, keys sorted, a trailing
/// newline. The shape is ``StateDocument``'s, the one `Codable` spelling of the file that
/// ``StateDecoder`` reads; see `StateDocument.write(to:)` for why the text is not made by `JSONEncoder`.
///
/// An encoder value also remembers the text of each location entry it wrote: a location whose state
/// and nowcast summary are what they were at the previous write is written from that text, not encoded
/// again. Most ticks change only the daemon's counters and which location is on screen, while each
/// location's hours, days and nowcast steps make up nearly all of the file (34 KB at the defaults):
/// encoding them was about 30 % of the CPU of a tick that fetches nothing (perf, release build).
///
/// The human text of the file (descriptions, the nowcast's sentence) is in the words of its ``StateText``:
/// English unless the writer gives its own.
public struct StateEncoder: Sendable {
    /// One location's entry as last written, and what it was written from (``asWritten(_:)``).
    private struct WrittenEntry {
        var state: LocationState
        var summary: NowcastSummary?
        /// The scale its air was read on (a reload can change it while the state stays).
        var scale: AirQualityScale
        var text: [UInt8]

        /// Whether this is the entry of `state` (``asWritten(_:)``) with `summary` and its air on `scale`: asked
        /// of the entry in place, the remembered state is not copied out for each comparison (callgrind).
        func isEntry(of state: LocationState, summary: NowcastSummary?, scale: AirQualityScale) -> Bool {
            self.summary == summary && self.scale == scale && self.state == state
                && StateEncoder.sameText(self.state, state)
        }
    }

    private var written: [WrittenEntry] = []
    private var lastSize = 2048
    /// The words of the human text.
    private let text: StateText

    /// An encoder that has written nothing yet, its human text in `text`'s words.
    public init(text: StateText = .english) {
        self.text = text
    }

    /// The JSON text of `snapshot`, its human text in `text`'s words.
    public static func encode(_ snapshot: StateSnapshot, text: StateText = .english) -> String {
        String(decoding: encodedBytes(snapshot, text: text), as: UTF8.self)
    }

    /// The same text as ``encode(_:text:)``, as UTF-8 bytes: what the state file write needs.
    public static func encodedBytes(_ snapshot: StateSnapshot, text: StateText = .english) -> [UInt8] {
        var encoder = StateEncoder(text: text)
        return encoder.encodedBytes(snapshot)
    }

    /// Whether the strings of `a` and `b` that an entry writes as they are have the same bytes: `==` on
    /// `String` compares canonically equivalent text as equal ("Zürich" composed and decomposed).
    private static func sameText(_ a: LocationState, _ b: LocationState) -> Bool {
        sameBytes(a.location.id, b.location.id) && sameBytes(a.location.name, b.location.name)
            && sameBytes(a.lastError?.message ?? "", b.lastError?.message ?? "")
    }

    /// Whether `a` and `b` have the same UTF-8 bytes, compared as buffers: `utf8.elementsEqual` went byte by
    /// byte through the views' iterators, about 400 instructions a string (callgrind).
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { a in b.withUTF8 { b in a.elementsEqual(b) } }
    }

    /// `state` as its entry writes it: `next_refresh_at` to the whole second (``Timestamp/rfc3339``
    /// rounds down). The planner works the next refresh out anew at every snapshot, from the uptime clock:
    /// it moves by fractions of a second from tick to tick, which made every entry look changed and be
    /// encoded again at every tick (callgrind: 4 of 4 entries, most of a cache tick's encoding). An entry
    /// is remembered in this form, so that the comparison rounds only the new state.
    private static func asWritten(_ state: LocationState) -> LocationState {
        var state = state
        state.nextRefreshAt = state.nextRefreshAt.map {
            Timestamp(secondsSinceEpoch: $0.secondsSinceEpoch.rounded(.down))
        }
        return state
    }

    /// The same bytes as ``encodedBytes(_:)``; a location entry unchanged since this encoder's previous
    /// write (the same place in `locations`, the same state, `next_refresh_at` to the written second, the
    /// same nowcast summary at this time) is copied from that write's text.
    public mutating func encodedBytes(_ snapshot: StateSnapshot) -> [UInt8] {
        let apiNow = snapshot.apiTime(snapshot.generatedAt)
        let scale = snapshot.airQualityScale
        var json = JSONWriter(capacity: lastSize + 256)
        var entries: [WrittenEntry] = []
        entries.reserveCapacity(snapshot.locations.count)
        StateDocument(withoutLocations: snapshot).write(to: &json) { json in
            for index in snapshot.locations.indices {
                let state = Self.asWritten(snapshot.locations[index])
                let summary = state.nowcastSummary(at: apiNow)
                let text: [UInt8]
                if index < written.count, written[index].isEntry(of: state, summary: summary, scale: scale) {
                    text = written[index].text
                } else {
                    var entry = JSONWriter(capacity: 1024)
                    StateDocument.LocationEntry(state, nowcastSummary: summary, airQualityScale: scale, text: self.text)
                        .write(to: &entry)
                    text = entry.bytes
                }
                // The new state is kept, even when equal to the old: its arrays are the ones the next snapshot
                // holds again, so that the next comparison finds them the same arrays at once. An old state
                // kept after a fetch of equal weather was compared hour by hour at every tick (callgrind).
                entries.append(WrittenEntry(state: state, summary: summary, scale: scale, text: text))
                json.fragment(nil, text)
            }
        }
        written = entries
        // The newline goes into the writer's own buffer: appended to a copy of `json.bytes` while `json`
        // still held it, it copied the whole file once more per write (callgrind).
        json.newline()
        lastSize = json.bytes.count
        return json.bytes
    }
}
