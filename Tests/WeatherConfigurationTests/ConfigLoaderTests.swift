import Foundation
import Testing
import WeatherCore
import WeatherConfiguration
import WeatherTestSupport

@Suite("ConfigLoader")
struct ConfigLoaderTests {
    private let directory = TemporaryDirectory("weatherd-config")

    /// The configuration at `path`, with the overrides `override` sets.
    private func load(
        _ path: String?,
        _ override: (inout ConfigOverrides) -> Void = { _ in }
    ) throws(ConfigError)
        -> Configuration
    {
        var overrides = ConfigOverrides()
        override(&overrides)
        return try ConfigLoader(explicitPath: path, overrides: overrides).load()
    }

    @Test func explicitMissingFileIsAnErrorNamingTheFile() throws {
        let path = directory.file("nope.yaml")
        let error = try #require(throws: ConfigError.self) { try load(path) }
        #expect(error.file == path)
        #expect(error.keyPath == "")
        #expect(error.line == nil)
        #expect(error.message == "cannot open: No such file or directory")
        #expect(error.description == "\(path): cannot open: No such file or directory")
    }

    @Test func explicitFileIsReadAndValidated() throws {
        let path = directory.write("config.yaml", "interval: 30s\nlocations:\n  - name: Oslo\n    latitude: 91\n")
        let error = try #require(throws: ConfigError.self) { try load(path) }
        #expect(error.file == path)
        #expect(error.keyPath == "locations[0].latitude")
        #expect(error.line == 4)
    }

    @Test func effectivePathIsTheExplicitOne() {
        #expect(ConfigLoader(explicitPath: "/x/y.yaml").effectivePath == "/x/y.yaml")
        #expect(ConfigLoader.defaultPath == "/etc/weatherd/config.yaml")
    }

    @Test func invalidUTF8IsAnError() throws {
        let path = directory.file("latin1.yaml")
        try! [UInt8]([0x69, 0x3A, 0x20, 0xE9, 0x0A]).withUnsafeBytes { bytes in
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        let error = try #require(throws: ConfigError.self) { try load(path) }
        #expect(error.message == "not valid UTF-8")
    }

    // MARK: - Precedence: command line > file > defaults

    @Test func intervalPrecedence() throws {
        let withKey = directory.write("a.yaml", "interval: 20s\n")
        let withoutKey = directory.write("b.yaml", "timeout: 3s\n")
        #expect(try load(withoutKey).interval == .seconds(10))
        #expect(try load(withKey).interval == .seconds(20))
        #expect(try load(withKey) { $0.interval = .seconds(5) }.interval == .seconds(5))
        #expect(try load(withoutKey) { $0.interval = .milliseconds(500) }.interval == .milliseconds(500))
    }

    @Test func apiURLPrecedence() throws {
        let withKey = directory.write("a.yaml", "api:\n  base_url: http://file.example:8080\n")
        let withoutKey = directory.write("b.yaml", "interval: 10s\n")
        #expect(try load(withoutKey).api.baseURL == "https://api.open-meteo.com")
        #expect(try load(withKey).api.baseURL == "http://file.example:8080")
        let overridden = try load(withKey) { $0.apiURL = "http://127.0.0.1:9" }
        #expect(overridden.api.baseURL == "http://127.0.0.1:9")
        // The geocoding URL is not touched by --api-url.
        #expect(overridden.api.geocodingURL == "https://geocoding-api.open-meteo.com")
    }

    @Test func stateFilePrecedence() throws {
        let withKey = directory.write("a.yaml", "state_file: /srv/weatherd/state.json\n")
        let withoutKey = directory.write("b.yaml", "interval: 10s\n")
        #expect(try load(withoutKey).stateFile == nil)
        #expect(try load(withKey).stateFile == "/srv/weatherd/state.json")
        #expect(try load(withKey) { $0.stateFile = "/tmp/s.json" }.stateFile == "/tmp/s.json")
        #expect(try load(withoutKey) { $0.stateFile = "/tmp/s.json" }.stateFile == "/tmp/s.json")
    }

    @Test func overridesLeaveOtherKeysAlone() throws {
        let path = directory.write(
            "a.yaml",
            "interval: 20s\ntimeout: 3s\nlocations:\n  - name: Oslo\n    latitude: 59.91\n    longitude: 10.75\n"
        )
        let config = try load(path) {
            $0.interval = .seconds(1)
            $0.apiURL = "https://x.example"
        }
        #expect(config.timeout == .seconds(3))
        #expect(config.locations.map(\.id) == ["oslo"])
    }

    @Test(arguments: ["ftp://x", "not a url", "http://", "https://x.example/?key=1", ""])
    func invalidAPIURLOverrideIsAnError(url: String) throws {
        let path = directory.write("a.yaml", "interval: 10s\n")
        let error = try #require(throws: ConfigError.self) { try load(path) { $0.apiURL = url } }
        #expect(error.file == "command line")
        #expect(error.keyPath == "--api-url")
        #expect(error.line == nil)
        #expect(error.description.hasPrefix("command line: --api-url: "))
    }

    @Test(arguments: [Duration.zero, .seconds(-5)])
    func nonPositiveIntervalOverrideIsAnError(interval: Duration) throws {
        let path = directory.write("a.yaml", "interval: 10s\n")
        let error = try #require(throws: ConfigError.self) {
            try load(path) { $0.interval = interval }
        }
        #expect(error.keyPath == "--interval")
        #expect(error.message == "must be greater than 0")
    }

    // MARK: - Default files (weatherd.conf(5), docs/state-file.md "Files")

    private static func files(_ environment: [String: String], root: Bool = false) -> FileLocations {
        FileLocations(environment: environment, isRoot: root)
    }

    @Test func theStateFileLivesInTheRuntimeDirectory() {
        #expect(Self.files(["RUNTIME_DIRECTORY": "/run/weatherd"]).defaultStateFile == "/run/weatherd/state.json")
        #expect(Self.files(["RUNTIME_DIRECTORY": "/run/a:/run/b"], root: true).defaultStateFile == "/run/a/state.json")
        #expect(
            Self.files(["XDG_RUNTIME_DIR": "/run/user/0"], root: true).defaultStateFile == "/run/weatherd/state.json"
        )
        #expect(
            Self.files(["XDG_RUNTIME_DIR": "/run/user/1000"]).defaultStateFile == "/run/user/1000/weatherd/state.json"
        )
        // Without a runtime directory: beside the cache; a relative XDG_RUNTIME_DIR is ignored.
        #expect(Self.files(["HOME": "/home/u"]).defaultStateFile == "/home/u/.local/state/weatherd/state.json")
        #expect(
            Self.files(["XDG_RUNTIME_DIR": "rel", "STATE_DIRECTORY": "/s"]).defaultStateFile == "/s/state.json"
        )
    }

    @Test func theCacheLivesInTheStateDirectory() {
        #expect(Self.files(["STATE_DIRECTORY": "/var/lib/weatherd"]).defaultCacheFile == "/var/lib/weatherd/cache.json")
        #expect(Self.files(["STATE_DIRECTORY": "a:b"]).defaultCacheFile == "a/cache.json")
        #expect(Self.files(["STATE_DIRECTORY": ""], root: true).defaultCacheFile == "/var/lib/weatherd/cache.json")
        #expect(
            Self.files(["HOME": "/root", "XDG_STATE_HOME": "/x"], root: true).defaultCacheFile
                == "/var/lib/weatherd/cache.json"
        )
        #expect(
            Self.files(["XDG_STATE_HOME": "/home/u/.st", "HOME": "/home/u"]).defaultCacheFile
                == "/home/u/.st/weatherd/cache.json"
        )
        #expect(
            Self.files(["XDG_STATE_HOME": "rel", "HOME": "/home/u"]).defaultCacheFile
                == "/home/u/.local/state/weatherd/cache.json"
        )
        #expect(Self.files([:]).defaultCacheFile == "/tmp/.local/state/weatherd/cache.json")
    }

    @Test func theConfiguredFilesWin() throws {
        var config = Configuration()
        let files = Self.files(["STATE_DIRECTORY": "/s", "RUNTIME_DIRECTORY": "/r"])
        #expect(files.stateFile(config) == "/r/state.json")
        #expect(files.cacheFile(config) == "/s/cache.json")
        config.stateFile = "/c/state.json"
        config.cacheFile = "/c/cache.json"
        #expect(files.stateFile(config) == "/c/state.json")
        #expect(files.cacheFile(config) == "/c/cache.json")
        let directory = TemporaryDirectory()
        let path = directory.write("config.yaml", "cache_file: /d/c.json\nstate_file: /d/s.json\n")
        let loaded = try load(path) { $0.cacheFile = "/e/c.json" }
        #expect(loaded.cacheFile == "/e/c.json")
        #expect(loaded.stateFile == "/d/s.json")
    }

    @Test func anEarlierVersionsStateFileIsLookedForBesideTheCache() {
        var config = Configuration()
        #expect(
            Self.files(["STATE_DIRECTORY": "/var/lib/weatherd", "RUNTIME_DIRECTORY": "/run/weatherd"])
                .previousStateFiles(config) == ["/run/weatherd/state.json", "/var/lib/weatherd/state.json"]
        )
        #expect(
            Self.files([:], root: true).previousStateFiles(config)
                == ["/run/weatherd/state.json", "/var/lib/weatherd/state.json"]
        )
        config.stateFile = "/var/lib/weatherd/state.json"
        #expect(Self.files([:], root: true).previousStateFiles(config) == ["/var/lib/weatherd/state.json"])
    }

    @Test func readersLookForTheUsersTheSystemsAndTheEarlierFile() {
        #expect(
            Self.files(["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/u"]).readerStateFiles == [
                "/run/user/1000/weatherd/state.json", "/run/weatherd/state.json", "/var/lib/weatherd/state.json",
            ]
        )
        #expect(
            Self.files([:], root: true).readerStateFiles == [
                "/run/weatherd/state.json", "/var/lib/weatherd/state.json",
            ]
        )
        #expect(
            Self.files(["HOME": "/home/u"]).readerCacheFiles
                == ["/home/u/.local/state/weatherd/cache.json", "/var/lib/weatherd/cache.json"]
        )
        #expect(Self.files([:], root: true).readerCacheFiles == ["/var/lib/weatherd/cache.json"])
    }

    @Test func withoutAStateFileAReaderReportsOnTheDaemonWhoseCacheIsThere() {
        let user = Self.files(["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/u"])
        let system: Set = ["/var/lib/weatherd/cache.json"]
        #expect(user.readerFallbackStateFile { system.contains($0) } == "/run/weatherd/state.json")
        let both: Set = ["/var/lib/weatherd/cache.json", "/home/u/.local/state/weatherd/cache.json"]
        #expect(user.readerFallbackStateFile { both.contains($0) } == "/run/user/1000/weatherd/state.json")
        #expect(user.readerFallbackStateFile { _ in false } == "/run/user/1000/weatherd/state.json")
    }
}
