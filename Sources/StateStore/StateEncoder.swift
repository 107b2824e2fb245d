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
public struct StateEncoder: Sendable {
    /// One location's entry as last written, and what it was written from (``asWritten(_:)``).
    private struct WrittenEntry {
        var state: LocationState
        var summary: NowcastSummary?
        /// Where its text is in ``body``.
        var range: Range<Int>

        /// Whether this is the entry of `state` (``asWritten(_:)``) with `summary`: asked of the entry in
        /// place, the remembered state is not copied out for each comparison (callgrind).
        func isEntry(of state: LocationState, summary: NowcastSummary?) -> Bool {
            self.summary == summary && self.state == state && StateEncoder.sameText(self.state, state)
        }
    }

    private var written: [WrittenEntry] = []
    /// The location entries as last written, joined with commas: the part of the file between `[` and `]`.
    private var body: [UInt8] = []
    private var lastHeadSize = 1024

    /// An encoder that has written nothing yet.
    public init() {}

    /// The JSON text of `snapshot`.
    public static func encode(_ snapshot: StateSnapshot) -> String {
        String(decoding: encodedBytes(snapshot), as: UTF8.self)
    }

    /// The same text as ``encode(_:)``, as UTF-8 bytes.
    public static func encodedBytes(_ snapshot: StateSnapshot) -> [UInt8] {
        encodedText(snapshot).bytes
    }

    /// The same text in pieces (``StateText``): what a file write needs.
    public static func encodedText(_ snapshot: StateSnapshot) -> StateText {
        var encoder = StateEncoder()
        return encoder.encodedText(snapshot)
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

    /// The text of ``encodedBytes(_:)`` in three pieces (``StateText``); a location entry unchanged since
    /// this encoder's previous write (the same place in `locations`, the same state, `next_refresh_at` to
    /// the written second, the same nowcast summary at this time) is the text of that write. When every
    /// entry is, the entries are that write's buffer itself, not copied: a tick that fetches nothing
    /// makes only the text around them (about 800 bytes of 35 KB at the defaults).
    public mutating func encodedText(_ snapshot: StateSnapshot) -> StateText {
        let apiNow = snapshot.apiTime(snapshot.generatedAt)
        var entries: [WrittenEntry] = []
        entries.reserveCapacity(snapshot.locations.count)
        // The entries written anew, with their places in `locations`.
        var fresh: [(index: Int, text: [UInt8])] = []
        for index in snapshot.locations.indices {
            let state = Self.asWritten(snapshot.locations[index])
            let summary = state.nowcastSummary(at: apiNow)
            if index < written.count, written[index].isEntry(of: state, summary: summary) {
                // The new state is kept, even when equal to the old: its arrays are the ones the next snapshot
                // holds again, so that the next comparison finds them the same arrays at once. An old state
                // kept after a fetch of equal weather was compared hour by hour at every tick (callgrind).
                entries.append(WrittenEntry(state: state, summary: summary, range: written[index].range))
            } else {
                var entry = JSONWriter(capacity: 1024)
                StateDocument.LocationEntry(state, nowcastSummary: summary).write(to: &entry)
                fresh.append((index, entry.bytes))
                entries.append(WrittenEntry(state: state, summary: summary, range: 0..<0))
            }
        }
        if !fresh.isEmpty || entries.count != written.count { rebuildBody(&entries, fresh: fresh) }
        written = entries
        var json = JSONWriter(capacity: lastHeadSize + 64)
        var head: [UInt8] = []
        StateDocument(withoutLocations: snapshot).write(to: &json) { json in
            head = json.cut(followedBy: entries.count)
        }
        json.newline()
        lastHeadSize = head.count
        return StateText(head: head, body: body, tail: json.bytes)
    }

    /// Joins the entries anew: the ones in `fresh` from their new text, the others from the old ``body``;
    /// each entry's range is set to its place in the new body.
    private mutating func rebuildBody(_ entries: inout [WrittenEntry], fresh: [(index: Int, text: [UInt8])]) {
        var joined: [UInt8] = []
        joined.reserveCapacity(body.count + fresh.reduce(0) { $0 + $1.text.count } + entries.count)
        var next = fresh.startIndex
        for index in entries.indices {
            if index > 0 { joined.append(UInt8(ascii: ",")) }
            let start = joined.count
            if next < fresh.endIndex, fresh[next].index == index {
                joined.append(contentsOf: fresh[next].text)
                next += 1
            } else {
                joined.append(contentsOf: body[entries[index].range])
            }
            entries[index].range = start..<joined.count
        }
        body = joined
    }
}

/// A state file's text in the three pieces ``StateEncoder`` makes of it: written as they are with one
/// gathering write (``AtomicFile/write(gathering:to:mode:durable:)``), the location entries, nearly all of
/// the file, are not copied into a new buffer at every tick.
public struct StateText: Sendable {
    /// The text before the first location entry, up to the `[` of `locations`.
    public var head: [UInt8]
    /// The location entries, joined with commas.
    public var body: [UInt8]
    /// The text after the last entry, from the `]` of `locations` to the newline at the end.
    public var tail: [UInt8]

    /// The pieces in the file's order.
    public var pieces: [[UInt8]] { [head, body, tail] }

    /// The whole text in one buffer.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(head.count + body.count + tail.count)
        bytes.append(contentsOf: head)
        bytes.append(contentsOf: body)
        bytes.append(contentsOf: tail)
        return bytes
    }
}
