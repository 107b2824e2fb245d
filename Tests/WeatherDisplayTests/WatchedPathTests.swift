import Testing
import WeatherDisplay

@Suite("WatchedPath")
struct WatchedPathTests {
    @Test func directoryNameAndAncestry() {
        let run = WatchedPath("/run/weatherd/state.json")
        #expect(run.directory == "/run/weatherd")
        #expect(run.name == "state.json")
        #expect(run.ancestry == ["/run/weatherd", "/run", "/"])
        #expect(WatchedPath("/state.json").ancestry == ["/"])
        #expect(WatchedPath("state.json").directory == ".")
        #expect(WatchedPath("state.json").ancestry == ["."])
        #expect(WatchedPath("a/b/state.json").ancestry == ["a/b", "a", "."])
    }

    @Test func whichEventsConcernTheFile() {
        let path = WatchedPath("/run/weatherd/state.json")
        #expect(path.concernsFile(eventName: "state.json", watched: "/run/weatherd"))
        #expect(path.concernsFile(eventName: "", watched: "/run/weatherd"))
        #expect(!path.concernsFile(eventName: "state.json.tmp", watched: "/run/weatherd"))
        // While an ancestor is watched, anything may be the way back down.
        #expect(path.concernsFile(eventName: "other", watched: "/run"))
    }
}
