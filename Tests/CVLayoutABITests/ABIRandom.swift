/// SplitMix64 (Steele, Lea and Flood; the finalizer of Vigna's `splitmix64.c`), the seeded
/// generator this target's randomized tests draw from, so that a failure replays from its seed.
/// (The core tests' `SplitMix64` lives in another target.)
struct ABIRandom {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One draw reduced modulo `n` (> 0).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// The top 53 bits of one draw as a fraction in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// True with probability `p` (one draw).
    mutating func chance(_ p: Double) -> Bool { unit() < p }
}
