import Testing
import WeatherDisplay

@Suite("DecimalText")
struct DecimalTextTests {
    @Test func roundsHalfAwayFromZero() {
        #expect(DecimalText.fixed(2.5, decimals: 0) == "3")
        #expect(DecimalText.fixed(-2.5, decimals: 0) == "-3")
        #expect(DecimalText.fixed(0.5, decimals: 0) == "1")
        #expect(DecimalText.fixed(2.45, decimals: 1) == "2.5")
        #expect(DecimalText.fixed(-2.45, decimals: 1) == "-2.5")
        #expect(DecimalText.fixed(2.44, decimals: 1) == "2.4")
        #expect(DecimalText.fixed(9.96, decimals: 1) == "10.0")
        #expect(DecimalText.fixed(99.5, decimals: 0) == "100")
        // As written, not as the binary value lies (2.675 is 2.67499999… in binary).
        #expect(DecimalText.fixed(2.675, decimals: 2) == "2.68")
        #expect(DecimalText.fixed(1.005, decimals: 2) == "1.01")
    }

    @Test func padsWithZerosAndDefaultsToWholeNumbers() {
        #expect(DecimalText.fixed(2, decimals: 2) == "2.00")
        #expect(DecimalText.fixed(16.9, decimals: 0) == "17")
        #expect(DecimalText.fixed(0.05, decimals: 3) == "0.050")
    }

    @Test func neverWritesMinusZero() {
        #expect(DecimalText.fixed(-0.4, decimals: 0) == "0")
        #expect(DecimalText.fixed(-0.0, decimals: 0) == "0")
        #expect(DecimalText.fixed(-0.04, decimals: 1) == "0.0")
        #expect(DecimalText.fixed(-0.05, decimals: 1) == "-0.1")
    }

    @Test func tinyHugeAndNonFiniteValues() {
        #expect(DecimalText.fixed(1e-7, decimals: 2) == "0.00")
        #expect(DecimalText.fixed(-1e-7, decimals: 0) == "0")
        #expect(DecimalText.fixed(.nan, decimals: 0) == nil)
        #expect(DecimalText.fixed(.infinity, decimals: 0) == nil)
    }
}
