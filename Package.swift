// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "weatherd",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "weatherd", targets: ["weatherd"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Only the look-alike's zlib compression (NIOHTTPCompression); async-http-client uses it already.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // Pure domain: no I/O, no clocks.
        .target(name: "WeatherCore"),
        // JSON read in one pass, for the readers that measured JSONDecoder too costly for their work (MET
        // Norway's answer, the top of the state file for `status --follow`).
        .target(name: "JSONScan"),
        // HTTP as both APIs and the alert sources use it: one bounded GET (AsyncHTTPClient), HTTP dates and
        // the API's clock, failures classified into FetchErrors.
        .target(
            name: "WeatherHTTP",
            dependencies: [
                "WeatherCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The Open-Meteo forecast and geocoding APIs: URL building, private DTOs.
        .target(
            name: "OpenMeteo",
            dependencies: [
                "WeatherCore",
                "WeatherHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // MET Norway's Locationforecast 2.0, the second source: URL building, private DTOs, the answer mapped to
        // WeatherCore's Forecast.
        .target(
            name: "MetNorway",
            dependencies: [
                "CZlib",
                "JSONScan",
                "WeatherCore",
                "WeatherHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // libsystemd, as a system library; all C stays in CSystemd + Systemd.
        .systemLibrary(
            name: "CSystemd",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        .target(
            name: "Systemd",
            dependencies: [
                "CSystemd",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // glibc's gettext, for the catalogues of WeatherDisplay's words.
        .target(name: "CGettext"),
        // libdispatch's hooks for draining the main queue on the main thread (WeatherDaemon's MainQueue).
        .target(name: "CDispatchMain"),
        // glibc's malloc tuning, for the heap of `status --follow`.
        .target(name: "CMalloc"),
        // zlib, for MET Norway's gzip answer, inflated only as far as a fetch reads it.
        .target(name: "CZlib", linkerSettings: [.linkedLibrary("z")]),
        // libyaml, as a system library; all C stays in CYaml + YAML.
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // A YAML node tree with lines and columns, read with libyaml's event API.
        .target(name: "YAML", dependencies: ["CYaml"]),
        // Official weather warnings: one decoder per source (NWS, MET Norway, DWD via Bright Sky, MeteoAlarm),
        // private DTOs in each wire shape, mapped to WeatherCore's Alert.
        .target(
            name: "AlertSources",
            dependencies: [
                "WeatherCore",
                "WeatherHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Atomic writer and tolerant reader of the state file (its JSON, spelled once, both ways).
        .target(name: "StateStore", dependencies: ["JSONScan", "WeatherCore"]),
        // All rendering: the status formats, the bar's templates, text and tooltip, the Prometheus text and
        // the perfdata, the forecast chart; one escaping helper per target format.
        .target(name: "WeatherDisplay", dependencies: ["CGettext", "WeatherCore", "StateStore"]),
        // The configuration: the YAML file read with lines and keys, the command line's overrides, the
        // default paths.
        .target(
            name: "WeatherConfiguration",
            dependencies: ["WeatherCore", "StateStore", "WeatherDisplay", "YAML"]
        ),
        // The loop (a value: events in, effects out), its runner, the timers and the main queue.
        .target(
            name: "WeatherDaemon",
            dependencies: [
                "CDispatchMain",
                "WeatherCore",
                "WeatherConfiguration",
                "StateStore",
                "WeatherDisplay",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "weatherd",
            dependencies: [
                "CMalloc",
                "WeatherCore",
                "WeatherConfiguration",
                "WeatherHTTP",
                "OpenMeteo",
                "Systemd",
                "StateStore",
                "WeatherDaemon",
                "WeatherDisplay",
                "AlertSources",
                "MetNorway",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        // A loopback look-alike of the Open-Meteo API, for tests and the benchmark.
        .target(
            name: "FakeOpenMeteo",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]
        ),
        .executableTarget(name: "fake-open-meteo", dependencies: ["FakeOpenMeteo"]),
        // The real planner through a simulated UTC day at the defaults, its requests sent to a look-alike
        // (bench/run.py: weighted calls a day).
        .executableTarget(
            name: "bench-planner-day",
            dependencies: [
                "WeatherCore", "WeatherConfiguration", "WeatherDaemon", "OpenMeteo", "MetNorway", "AlertSources",
                "WeatherHTTP",
                "WeatherTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Fixtures shared by the test targets.
        .target(name: "WeatherTestSupport", dependencies: ["WeatherCore"], path: "Tests/WeatherTestSupport"),
        .testTarget(name: "WeatherCoreTests", dependencies: ["WeatherCore", "WeatherTestSupport"]),
        .testTarget(
            name: "OpenMeteoTests",
            dependencies: ["OpenMeteo", "WeatherHTTP", "WeatherCore", "FakeOpenMeteo", "WeatherTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "MetNorwayTests",
            dependencies: [
                "CZlib", "MetNorway", "WeatherCore", "WeatherHTTP", "FakeOpenMeteo",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SystemdTests",
            dependencies: ["Systemd", "WeatherTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "AlertSourcesTests",
            dependencies: [
                "AlertSources", "WeatherCore", "FakeOpenMeteo",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"]),
        .testTarget(name: "StateStoreTests", dependencies: ["StateStore", "WeatherCore", "WeatherTestSupport"]),
        .testTarget(
            name: "WeatherDisplayTests",
            dependencies: ["WeatherDisplay", "WeatherCore", "StateStore", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "WeatherConfigurationTests",
            dependencies: ["WeatherConfiguration", "WeatherCore", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "WeatherDaemonTests",
            dependencies: [
                "WeatherDaemon", "WeatherConfiguration", "WeatherCore", "StateStore", "WeatherTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["FakeOpenMeteo", "WeatherTestSupport"]
        ),
    ]
)
