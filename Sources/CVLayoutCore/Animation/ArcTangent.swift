// atan2 from the platform C library, not Foundation (see TransformDecomposition.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `atan2(y, x)`, the angle of the vector `(x, y)` in [−π, π], within two units in the last place
/// of the exact value (the largest error measured is 1.74), in ~95 instructions where glibc's
/// correctly rounded `atan2` takes ~165. An animation's set-up takes the angle of every turned
/// element at each end (`PlanarTransform`): 10^5 of them when every element is on screen.
///
/// The method: `t = min(|x|, |y|) / max(|x|, |y|)` in [0, 1]; `atan t = atan(k/8) + atan u` with
/// `k = ⌊8t + ½⌋` and `u = (t − k/8) / (1 + t·k/8)`, `|u| ≤ 1/16`, so that the odd Taylor series of
/// `atan u` to `u¹⁵` is exact to well below a unit in the last place (`u¹⁷/17 < 2^-70·u`); then
/// `π/2 −` it when `|y| > |x|`, `π −` it when `x < 0`, and the sign of `y`. Each constant
/// (`atan(k/8)`, π/2, π) is a pair of doubles whose sum is it to 2^-106, and the pairs' tails
/// are added last.
///
/// Signs and zeros are `atan2`'s: `±0` for `(±0, x > 0)`, `±π` for `(±0, x < 0)`, `±π/2` for
/// `(y ≠ 0, ±0)`. Arguments that are both zero, or not both finite, go to the platform `atan2`.
/// `ArcTangentTests` checks the error against 64-bit-mantissa arithmetic at every scale and the
/// special values against `atan2` bit for bit. O(1).
///
/// Not inlined: inlined, it made `PlanarTransform.init` too large to be inlined into a set-up's
/// `TrackTable.shape`, and the switch to and the update on a circle of 10^5 items then ran 4.6 M and
/// 2.3 M instructions more than with this call. The steps are `arcTangents`', in its first lane.
@inline(never)
func arcTangent(_ y: Double, _ x: Double) -> Double {
    arcTangents(SIMD2(repeating: y), SIMD2(repeating: x))[0]
}

/// `arcTangent` of two arguments at once, lane by lane: each lane's steps are the same IEEE
/// operations on the same values as one `arcTangent` (a packed operation rounds each lane as the
/// scalar one does; a branch of `arcTangent` is a select of both ways here), so each lane is its
/// angle bit for bit. Inlined: a turned track's two ends take their angles in one pass (an update
/// on the circle: 2 × 10^5 angles at 10^5 items). A lane whose arguments are both zero or not both
/// finite goes to the platform `atan2`. O(1).
@inline(__always)
func arcTangents(_ y: SIMD2<Double>, _ x: SIMD2<Double>) -> SIMD2<Double> {
    typealias V = SIMD2<Double>
    typealias Bits = SIMD2<UInt64>
    let signBit = Bits(repeating: 1 << 63)
    // |y|, |x|: the sign bit cleared (as `abs`).
    @inline(__always) func magnitude(_ v: V) -> V {
        unsafeBitCast(unsafeBitCast(v, to: Bits.self) & ~signBit, to: V.self)
    }
    let ay = magnitude(y), ax = magnitude(x)
    let steep = ay .> ax
    let big = ax.replacing(with: ay, where: steep), small = ay.replacing(with: ax, where: steep)
    // (A finite v is one whose v − v is 0.)
    let valid = (big .> 0) .& ((big - big) .== 0) .& ((small - small) .== 0)
    // t in [0, 1] where valid; 0 elsewhere (its lane is atan2's: only kept from trapping below).
    let t = V(repeating: 0).replacing(with: small / big, where: valid)
    let kv = t * 8 + 0.5
    let k0 = Int(kv[0]), k1 = Int(kv[1])
    let ck = V(Double(k0), Double(k1)) * 0.125
    let u = (t - ck) / (1 + t * ck)
    let u2 = u * u
    var p = V(repeating: -1.0 / 15)
    p = p * u2 + 1.0 / 13
    p = p * u2 - 1.0 / 11
    p = p * u2 + 1.0 / 9
    p = p * u2 - 1.0 / 7
    p = p * u2 + 1.0 / 5
    p = p * u2 - 1.0 / 3
    // atan t = head + tail, the tail not yet rounded into the head.
    var head = V(ArcTangentTable.head[k0], ArcTangentTable.head[k1])
    var tail = u + (u * (u2 * p) + V(ArcTangentTable.tail[k0], ArcTangentTable.tail[k1]))
    head = head.replacing(with: ArcTangentTable.halfPi.head - head, where: steep)
    tail = tail.replacing(with: ArcTangentTable.halfPi.tail - tail, where: steep)
    let left = x .< 0
    head = head.replacing(with: ArcTangentTable.pi.head - head, where: left)
    tail = tail.replacing(with: ArcTangentTable.pi.tail - tail, where: left)
    let r = head + tail
    // −r where y's sign is minus (the sign bit flipped, as prefix `-`).
    let yBits = unsafeBitCast(y, to: Bits.self)
    var angle = unsafeBitCast(unsafeBitCast(r, to: Bits.self) ^ (yBits & signBit), to: V.self)
    if !valid[0] { angle[0] = atan2(y[0], x[0]) }
    if !valid[1] { angle[1] = atan2(y[1], x[1]) }
    return angle
}

/// `arcTangent`'s constants, each a double and the double nearest what it leaves (from a
/// 200-bit evaluation).
enum ArcTangentTable {
    /// `atan(k/8)` for k = 0 … 8, rounded.
    static let head: [Double] = [
        0, 0x1.fd5ba9aac2f6ep-4, 0x1.f5b75f92c80ddp-3, 0x1.6f61941e4def1p-2, 0x1.dac670561bb4fp-2,
        0x1.1e00babdefeb4p-1, 0x1.4978fa3269ee1p-1, 0x1.700a7c5784634p-1, 0x1.921fb54442d18p-1,
    ]
    /// `atan(k/8) − head[k]`, rounded.
    static let tail: [Double] = [
        0x0.0p+0, -0x1.cd37686760c17p-59, 0x1.8ab6e3cf7afbdp-57, -0x1.c63aae6f6e918p-56, 0x1.a2b7f222f65e2p-56,
        -0x1.928df287a668fp-58, 0x1.2419a87f2a458p-56, -0x1.8c34d25aadef6p-56, 0x1.1a62633145c07p-55,
    ]
    static let halfPi = (head: 0x1.921fb54442d18p+0, tail: 0x1.1a62633145c07p-54)
    static let pi = (head: 0x1.921fb54442d18p+1, tail: 0x1.1a62633145c07p-53)
}
