import XCTest

/// The shared test generator is SplitMix64 itself: the randomized tests' seeds name the cases they
/// were written against only as long as the sequence does not change.
final class SplitMix64Tests: XCTestCase {
    /// The first five outputs for seed 1234567, as published by Rosetta Code ("Pseudo-random
    /// numbers/Splitmix64", https://rosettacode.org/wiki/Pseudo-random_numbers/Splitmix64).
    func testReferenceOutputsForSeed1234567() {
        var g = SplitMix64(seed: 1_234_567)
        let want: [UInt64] = [
            6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
            4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
        ]
        XCTAssertEqual((0..<5).map { _ in g.next() }, want)
    }

    /// The first output for seed 0 is Vigna's splitmix64.c's first output from a zero state.
    func testFirstOutputForSeedZero() {
        var g = SplitMix64(seed: 0)
        XCTAssertEqual(g.next(), 0xE220_A839_7B1D_CDAF)
    }

    /// The helpers reduce one draw each: 6457827717110365317 mod 10 = 7, 3203168211198807973 mod
    /// 1000 = 973, and the third draw's top 53 bits (9817491932198370423 >> 11 =
    /// 4793697232518735) over 2^53.
    func testHelpersReduceOneDrawEach() {
        var g = SplitMix64(seed: 1_234_567)
        XCTAssertEqual(g.int(below: 10), 7)
        XCTAssertEqual(g.int(below: 1000), 973)
        XCTAssertEqual(g.double(in: 0..<1), 4_793_697_232_518_735 / 9_007_199_254_740_992)
        XCTAssertEqual(g.next(), 4_593_380_528_125_082_431)
    }
}
