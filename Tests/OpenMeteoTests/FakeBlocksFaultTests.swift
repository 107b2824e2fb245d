import FakeOpenMeteo
import Foundation
import Testing

/// The look-alike's bad-block faults: each breaks the sections as named and leaves `current` alone.
@Suite("FakeOpenMeteo forecast blocks: faults")
struct FakeBlocksFaultTests {
    @Test func faultsBreakTheBlocksAndKeepCurrent() throws {
        let uri = FakeBlocks.daemonURI(days: 3)
        let good = try OrderedJSON.parse(FakeBlocks.body(uri))
        let names = ["minutely_15", "hourly", "daily"]
        for fault in BlockFault.allCases {
            let text = try FakeBlocks.body(
                uri,
                handler: FakeOpenMeteoServer.realistic(dataInterval: 900, blockFault: fault)
            )
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(fault): not JSON")
            let json = try OrderedJSON.parse(text)
            #expect(json["current"] == good["current"])
            #expect(json.keys == good.keys)
            for name in names {
                let section = try #require(json[name])
                let sound = try #require(good[name])
                #expect(json[name + "_units"] == good[name + "_units"])
                let times = try #require(section["time"]?.array)
                let goodTimes = try #require(sound["time"]?.integers)
                let variables = section.keys.dropFirst()
                switch fault {
                case .unequalLengths:
                    let lengths = section.values.compactMap(\.array).map(\.count)
                    #expect(Set(lengths).count == 2, "\(name): \(lengths)")
                    #expect(section[variables.last!]?.array?.count == times.count - 1)
                case .nullTime:
                    #expect(times.filter { $0 == "null" }.count == 1, "\(name)")
                case .timesNotIncreasing:
                    let integers = try #require(section["time"]?.integers)
                    #expect(!zip(integers, integers.dropFirst()).allSatisfy { $0 < $1 }, "\(name)")
                    #expect(Set(integers) == Set(goodTimes))
                case .shiftedByADay:
                    #expect(section["time"]?.integers == goodTimes.map { $0 + 86_400 }, "\(name)")
                    for variable in variables { #expect(section[variable] == sound[variable]) }
                case .nullValues:
                    #expect(section["time"] == sound["time"])
                    for variable in variables {
                        let values = try #require(section[variable]?.array)
                        let expected = try #require(sound[variable]?.array).enumerated().map {
                            $0.offset % 2 == 0 ? "null" : $0.element
                        }
                        #expect(values == expected, "\(name).\(variable)")
                    }
                }
            }
        }
    }

    @Test func aFaultCanHitOneBlockOnly() throws {
        let uri = FakeBlocks.daemonURI()
        let good = try OrderedJSON.parse(FakeBlocks.body(uri))
        let handler = FakeOpenMeteoServer.realistic(dataInterval: 900, blockFault: .shiftedByADay, blocks: [.hourly])
        let json = try OrderedJSON.parse(FakeBlocks.body(uri, handler: handler))
        #expect(json["minutely_15"] == good["minutely_15"])
        #expect(json["daily"] == good["daily"])
        #expect(json["hourly"]?["time"]?.integers == good["hourly"]?["time"]?.integers?.map { $0 + 86_400 })
        #expect(BlockFault.allCases.map(\.rawValue).allSatisfy { $0.hasPrefix("block-") })
    }
}
