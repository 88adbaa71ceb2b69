/// SplitMix64, the seeded generator every randomized test in this target draws from, so a run
/// sees the same cases each time and a failure can be replayed from its seed.
///
/// The algorithm is Steele, Lea and Flood's SplitMix ("Fast Splittable Pseudorandom Number
/// Generators", OOPSLA 2014) with the 64-bit finalizer of Vigna's public-domain reference
/// `splitmix64.c` (https://prng.di.unimi.it/splitmix64.c): the state advances by the golden-ratio
/// increment and each output is the mixed state. The seed is the initial state, so
/// `SplitMix64(seed: s)` draws exactly what the tests' earlier copies of this generator drew.
///
/// As a `RandomNumberGenerator` it feeds the standard library's `Int.random(in:using:)`,
/// `Bool.random(using:)`, `shuffled(using:)` and so on; `double(in:)` and `int(below:)` are the
/// plain reductions some tests use instead (not the standard library's: their draws differ).
struct SplitMix64: RandomNumberGenerator {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `lowerBound + (upperBound - lowerBound) * u`, where u is the top 53 bits of one draw as a
    /// fraction in [0, 1): one draw per value.
    mutating func double(in range: Range<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }

    /// One draw modulo `n` (n > 0): slightly biased toward small values when n does not divide
    /// 2^64, which the tests do not mind.
    mutating func int(below n: Int) -> Int {
        precondition(n > 0, "int(below:) needs a positive bound")
        return Int(next() % UInt64(n))
    }
}
