// madvise from the platform C library, not Foundation (see Animation/Spring.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Large buffers an animation's set-up writes whole, backed by huge pages where the system offers
/// them. Every element on screen, a set-up writes some 90 MB of fresh memory at 10^5 elements
/// (two runs of 288-byte track ends, the layout's answer, the tracks' tables). Written 4 KiB at a
/// time, each page costs a fault: about half of the set-up's time (BENCHMARKS.md, "Everything on
/// screen, a finished animation's answer kept as the next collection's storage (onscreen23, issue
/// 32)"). On Linux, `advise` asks the kernel (`madvise(MADV_HUGEPAGE)`) to fault the buffer's
/// 2 MiB-aligned part in 2 MiB pages: one fault where there were 512. It is what glibc's
/// `glibc.malloc.hugetlb=1` tunable does for every large allocation of a process, here asked for
/// only the buffers this library writes whole.
///
/// Off unless the environment's `CVL_HUGE_PAGES` is "1" (`enabled`). Advice only: nothing is
/// mapped, moved or written. Where the kernel has transparent huge pages
/// off (`never`), or on another system, the call does nothing and the buffer is paged as before.
/// A buffer smaller than `minimumBytes` is not advised (too little to win against the call). Only
/// whole 2 MiB pages inside the buffer are advised, so no page beyond it changes, and at most the
/// last 2 MiB page of the part the set-up writes is held unwritten. O(1): one system call.
enum HugePages {
    /// The size of a huge page on x86-64 and arm64 Linux (with 4 KiB base pages).
    static let size = 2 << 20
    /// The smallest buffer advised: one whole huge page inside it at least, wherever it lies.
    static let minimumBytes = 4 << 20

    /// Whether the set-ups ask for huge pages: only when the environment's `CVL_HUGE_PAGES` is
    /// "1", read once, at the first buffer of `minimumBytes` or more (the header's animation
    /// paragraph says why it is off by default: on a virtual machine with free page reporting the
    /// slowest set-ups were slower with it).
    static let enabled = enabled(byEnvironmentValue: getenv("CVL_HUGE_PAGES").map { String(cString: $0) })

    /// `CVL_HUGE_PAGES`'s rule: "1" turns the advice on; absent or any other value leaves it off.
    static func enabled(byEnvironmentValue value: String?) -> Bool { value == "1" }

    /// Advises the whole huge pages inside `byteCount` bytes at `base`, memory the caller
    /// allocated and owns (never writes it), when `enabled`. Does nothing below `minimumBytes`
    /// or off Linux.
    @inline(__always)
    static func advise(_ base: UnsafeMutableRawPointer, byteCount: Int) {
        guard byteCount >= minimumBytes else { return }
        adviseIfEnabled(base, byteCount: byteCount)
    }

    @inline(never)
    private static func adviseIfEnabled(_ base: UnsafeMutableRawPointer, byteCount: Int) {
        guard enabled else { return }
        adviseAlways(base, byteCount: byteCount)
    }

    /// `advise` whatever `enabled` says (at least `minimumBytes`): the mechanism, which the
    /// tests check where the environment leaves it off.
    static func adviseAlways(_ base: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        guard byteCount >= minimumBytes else { return }
        let start = (UInt(bitPattern: base) + UInt(size - 1)) & ~UInt(size - 1)
        let end = (UInt(bitPattern: base) + UInt(byteCount)) & ~UInt(size - 1)
        guard end > start, let p = UnsafeMutableRawPointer(bitPattern: start) else { return }
        // Advice: a kernel without it answers EINVAL, and the buffer is paged as before.
        _ = madvise(p, Int(end - start), MADV_HUGEPAGE)
        #endif
    }
}

extension Array {
    /// `reserveCapacity(n)`, then the storage's huge pages advised (`HugePages.advise`), whether
    /// the storage was made now or before (a kept buffer another array let go: the pages it has
    /// not written yet come as huge pages too): for a buffer an animation's set-up is about to
    /// write whole. O(count) when the storage moves, else O(1).
    /// `forcingAdvice`: advised whatever `HugePages.enabled` says (the tests' way to the mechanism).
    mutating func reserveCapacityInHugePages(_ n: Int, forcingAdvice: Bool = false) {
        reserveCapacity(n)
        let bytes = capacity * MemoryLayout<Element>.stride
        guard bytes >= HugePages.minimumBytes, let base = withUnsafeMutableBufferPointer({ $0.baseAddress }) else {
            return
        }
        if forcingAdvice {
            HugePages.adviseAlways(UnsafeMutableRawPointer(base), byteCount: bytes)
        } else {
            HugePages.advise(UnsafeMutableRawPointer(base), byteCount: bytes)
        }
    }
}
