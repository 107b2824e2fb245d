import Testing
import WeatherCore

@Suite("APIClock")
struct APIClockTests {
    @Test func zeroBeforeTheFirstSample() {
        #expect(APIClock().offset == 0)
    }

    @Test func theOffsetIsTheMedianOfTheLastFive() {
        var clock = APIClock()
        for sample in [1.0, 3, 2, 50, 4, 5] { clock.record(sample) }
        // 1 fell out: the median of 3, 2, 50, 4, 5.
        #expect(clock.samples == [3, 2, 50, 4, 5])
        #expect(clock.offset == 4)
        // One far-off sample among agreeing ones does not move the median much.
        clock = APIClock()
        for sample in [10.0, 11, 12] { clock.record(sample) }
        #expect(clock.offset == 11)
    }

    @Test func anOutlierMovesTheOffsetOnlyOnceTheNextSampleAgrees() {
        var clock = APIClock()
        clock.record(0.5)
        // A captive portal's Date, decades off: held back.
        clock.record(-900_000_000)
        #expect(clock.offset == 0.5)
        #expect(clock.pending == -900_000_000)
        // The next sample agrees with the offset, not with the outlier: the outlier is forgotten.
        clock.record(1.5)
        #expect(clock.pending == nil)
        #expect(clock.offset == 1)
        // A real step (the host's clock 4 minutes behind): two agreeing samples move it at once.
        clock.record(240)
        #expect(clock.offset == 1)
        clock.record(243)
        #expect(clock.offset == 241.5)
        #expect(clock.samples == [240, 243])
    }

    @Test func theFirstSampleFarFromZeroNeedsConfirmationToo() {
        var clock = APIClock()
        clock.record(-240)
        #expect(clock.offset == 0)
        clock.record(-300)  // disagrees with the held one by more than 5 s: it is held instead
        #expect(clock.offset == 0)
        #expect(clock.pending == -300)
        clock.record(-298)
        #expect(clock.offset == -299)
    }

    @Test func aStepOfTheHostsClockMovesTheSamplesTheOtherWay() {
        var clock = APIClock(samples: [240, 241, 239])
        // NTP sets the host's clock 240 s forward: the API is now about even with it.
        clock.hostClockStepped(by: 240)
        #expect(clock.offset == 0)
    }

    @Test func convertsBetweenTheClocks() {
        let clock = APIClock(samples: [-60])
        let host = Timestamp(secondsSinceEpoch: 1_000_000)
        #expect(clock.apiTime(host) == Timestamp(secondsSinceEpoch: 999_940))
        #expect(clock.hostTime(clock.apiTime(host)) == host)
    }

    @Test func restoredSamplesKeepTheLastFiveFiniteOnes() {
        let clock = APIClock(samples: [1, 2, .nan, 3, 4, 5, 6, .infinity])
        #expect(clock.samples == [2, 3, 4, 5, 6])
    }
}
