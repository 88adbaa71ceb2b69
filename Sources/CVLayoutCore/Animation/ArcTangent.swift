// atan2 from the platform C library, not Foundation (see TransformDecomposition.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `atan2(y, x)`, the angle of the vector `(x, y)` in [−π, π], within two units in the last place
/// of the exact value (the largest error measured is 1.74), in ~113 instructions a call where
/// glibc's correctly rounded `atan2` takes ~165. An animation's set-up takes the angle of every turned
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
/// 2.3 M instructions more than with this call. The steps are `arcTangentSteps`, on one double.
@inline(never)
func arcTangent(_ y: Double, _ x: Double) -> Double { arcTangentSteps(y, x) }

/// `arcTangent` of two arguments at once, lane by lane (`arcTangentSteps` on two lanes): each
/// lane is its angle bit for bit. Inlined: a turned track's two ends take their angles in one pass
/// (an update on the circle: 2 × 10^5 angles at 10^5 items). O(1).
@inline(__always)
func arcTangents(_ y: SIMD2<Double>, _ x: SIMD2<Double>) -> SIMD2<Double> { arcTangentSteps(y, x) }

/// `arcTangent`'s steps, written once for one double and for two lanes of them: each lane's steps
/// are the same IEEE operations on the same values as one double's (a packed operation rounds each
/// lane as the scalar one does; a choice is a select of both ways), so each lane is its angle bit
/// for bit whatever the other holds. A lane whose arguments are both zero or not both finite goes
/// to the platform `atan2`. O(1).
@inline(__always)
func arcTangentSteps<V: DoubleLanes>(_ y: V, _ x: V) -> V {
    let ay = y.magnitudeBits, ax = x.magnitudeBits
    let steep = V.greater(ay, ax)
    let big = V.select(steep, ay, ax), small = V.select(steep, ax, ay)
    let valid = V.and(V.and(V.greater(big, .all(0)), big.finiteFlags), small.finiteFlags)
    // t in [0, 1] where valid; 0 elsewhere (its lane is atan2's: only kept from trapping below).
    let t = V.select(valid, small / big, .all(0))
    let k = (t * .all(8) + .all(0.5)).truncatedIndices
    let ck = V.lanes(of: k) * .all(0.125)
    let u = (t - ck) / (.all(1) + t * ck)
    let u2 = u * u
    var p = V.all(-1.0 / 15)
    p = p * u2 + .all(1.0 / 13)
    p = p * u2 - .all(1.0 / 11)
    p = p * u2 + .all(1.0 / 9)
    p = p * u2 - .all(1.0 / 7)
    p = p * u2 + .all(1.0 / 5)
    p = p * u2 - .all(1.0 / 3)
    // atan t = head + tail, the tail not yet rounded into the head.
    var head = V.table(ArcTangentTable.head, k)
    var tail = u + (u * (u2 * p) + V.table(ArcTangentTable.tail, k))
    head = V.select(steep, .all(ArcTangentTable.halfPi.head) - head, head)
    tail = V.select(steep, .all(ArcTangentTable.halfPi.tail) - tail, tail)
    let left = V.greater(.all(0), x)
    head = V.select(left, .all(ArcTangentTable.pi.head) - head, head)
    tail = V.select(left, .all(ArcTangentTable.pi.tail) - tail, tail)
    return V.platform(where: valid, else: (head + tail).signed(like: y), y, x)
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
