// sin, cos from the platform C library, not Foundation (see TransformDecomposition.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
/// glibc's `sincos` (a GNU extension the Glibc module does not import): the sine and cosine of
/// `x` from one argument reduction.
@_silgen_name("sincos")
private func glibcSinCos(_ x: Double, _ sine: UnsafeMutablePointer<Double>, _ cosine: UnsafeMutablePointer<Double>)
#endif

/// `(sin(x), cos(x))`, the same values bit for bit as the two calls. With glibc one `sincos` call,
/// which shares the range tests and the argument reduction between them (≈ 40 instructions a pair
/// fewer: the circle layout's table of places takes one pair for every two items, 10^5 items when
/// every one is on screen). `SineAndCosineTests` checks the equality at random arguments of every
/// scale; a C program checked every angle 2πi/n and 2πi/n − π/2 for n ≤ 2^17 against glibc 2.36
/// (BENCHMARKS.md, onscreen16). Elsewhere the two calls. O(1).
@inline(__always)
func sineAndCosine(_ x: Double) -> (sin: Double, cos: Double) {
    #if canImport(Glibc)
    var s = 0.0, c = 0.0
    glibcSinCos(x, &s, &c)
    return (s, c)
    #else
    return (sin(x), cos(x))
    #endif
}
