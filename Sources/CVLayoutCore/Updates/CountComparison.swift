// memcmp from the platform C library, not Foundation (see Animation/Spring.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Comparisons of two lists of item counts a section each (before and after an update, or the
/// counts a layout was prepared for and the view's): a one-item edit at 10^5 sections compares
/// them whole, so the loop reads eight sections at a time and branches once for them (a few
/// instructions a section, about what `memcmp` costs), instead of comparing and branching per
/// section.
enum CountComparison {
    /// Sections a `memcmp` block compares (2 KB): long enough that the call's own cost is small
    /// a section, short enough that the scan of the block that differs is too.
    static let equalBlock = 256

    /// The first index in `lo ..< hi` where `a` and `b` differ, or `hi` (both at least `hi` long).
    /// O(hi - lo).
    @inline(__always)
    static func firstMismatch(
        _ a: UnsafeBufferPointer<Int>, _ b: UnsafeBufferPointer<Int>, from lo: Int, to hi: Int
    )
        -> Int
    {
        var i = lo
        // Long equal runs (a one-item edit: all but a section or two) go to the C library's
        // `memcmp` a block at a time (vector code chosen for the machine, under one instruction a
        // section); the block that differs, and what is left, is scanned below.
        if hi - lo >= 2 * equalBlock, let pa = a.baseAddress, let pb = b.baseAddress {
            if pa == pb { return hi }
            while i + equalBlock <= hi, memcmp(pa + i, pb + i, equalBlock * MemoryLayout<Int>.stride) == 0 {
                i += equalBlock
            }
        }
        while i + 8 <= hi {
            var acc = 0
            for j in 0..<8 { acc |= a[i &+ j] ^ b[i &+ j] }
            if acc != 0 { break }
            i += 8
        }
        while i < hi, a[i] == b[i] { i += 1 }
        return i
    }

    /// The sections whose counts differ, ascending, or nil when the lists differ in length or as
    /// soon as more than `limit` sections differ. O(sections).
    static func changedSections(_ old: [Int], _ new: [Int], limit: Int = .max) -> [Int]? {
        guard old.count == new.count else { return nil }
        var out: [Int] = []
        let n = old.count
        return old.withUnsafeBufferPointer { a in
            new.withUnsafeBufferPointer { b in
                var s = 0
                while true {
                    s = firstMismatch(a, b, from: s, to: n)
                    guard s < n else { return out }
                    guard out.count < limit else { return nil }
                    out.append(s)
                    s += 1
                }
            }
        }
    }
}
