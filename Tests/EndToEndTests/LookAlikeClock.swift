/// The look-alike's clock set clear of a full minute, so that no test waits for the host's.
///
/// The quota's minute window, a minutely 429's pause and the look-alike's 60-second data periods all end at a
/// full minute of the API's clock (docs/fetching.md "The API's clock, not the host's"). A test that must not
/// see one end within its few seconds moves the look-alike's clock (``FakeOpenMeteoServer/clockOffset``)
/// instead of waiting: by 0 when the host's clock has at least ``margin`` seconds left in its minute, else
/// back by ``margin`` seconds, into the same minute as the host's. Either way the daemon learns the offset
/// from the first answer at once (within 60 s of none, under the 30 s of the clock notice), the first
/// request is counted in the minute the API then says it is, and the API's minute has at least ``margin``
/// seconds left. What happens at the minute's end is a table test on an injected clock.
enum LookAlikeClock {
    /// The seconds the look-alike's minute has left at least, when the offset is taken.
    static let margin: Double = 25

    /// The look-alike's clock offset for a test starting now (`hostNow`, seconds since the epoch).
    static func offsetClearOfMinuteEnd(hostNow: Double = Fault.now) -> Double {
        let left = 60 - hostNow.truncatingRemainder(dividingBy: 60)
        return left >= margin ? 0 : -margin
    }

    /// The next full minute after `time` (seconds since the epoch, on any clock).
    static func nextMinute(after time: Double) -> Double {
        ((time / 60).rounded(.down) + 1) * 60
    }
}
