import XCTest

@testable import CVLayoutCore

#if canImport(Glibc)
import Glibc
#endif

/// `HugePages.advise` and `Array.reserveCapacityInHugePages`: the whole 2 MiB pages inside a large
/// buffer are marked for huge pages (the kernel's `hg` flag in `/proc/self/smaps`), nothing
/// outside it or below the minimum is, and the array keeps its elements.
final class HugePagesTests: XCTestCase {
    /// 40 MiB: above glibc's largest dynamic mmap threshold (32 MiB), so the buffer is a mapping
    /// of its own, not part of the heap other tests' buffers share.
    private let large = 40 << 20

    func testOnlyOneInTheEnvironmentTurnsTheAdviceOn() {
        XCTAssertTrue(HugePages.enabled(byEnvironmentValue: "1"))
        XCTAssertFalse(HugePages.enabled(byEnvironmentValue: nil))
        XCTAssertFalse(HugePages.enabled(byEnvironmentValue: "0"))
        XCTAssertFalse(HugePages.enabled(byEnvironmentValue: ""))
        XCTAssertFalse(HugePages.enabled(byEnvironmentValue: "yes"))
        let set = getenv("CVL_HUGE_PAGES").map { String(cString: $0) }
        XCTAssertEqual(HugePages.enabled, set == "1")
    }

    func testTheSetUpsAdviseOnlyWhenEnabled() throws {
        try withLargeBuffer { base, first in
            HugePages.advise(base, byteCount: large)
            XCTAssertEqual(try huge(at: first), HugePages.enabled)
        }
    }

    /// Runs `body` with a fresh `large` buffer (freed after) and the address of the first whole
    /// huge page inside it; skips where the kernel has no transparent huge pages.
    private func withLargeBuffer(_ body: (UnsafeMutableRawPointer, UInt) throws -> Void) throws {
        try requireHugePages()
        let base = UnsafeMutableRawPointer.allocate(byteCount: large, alignment: 16)
        defer { base.deallocate() }
        let size = UInt(HugePages.size)
        try body(base, (UInt(bitPattern: base) + size - 1) & ~(size - 1))
    }

    private func requireHugePages() throws {
        #if os(Linux)
        guard access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK) == 0 else {
            throw XCTSkip("this kernel has no transparent huge pages: the advice is refused")
        }
        #else
        throw XCTSkip("huge pages are advised on Linux only")
        #endif
    }

    func testTheWholeHugePagesInsideALargeBufferAreAdvised() throws {
        try withLargeBuffer { base, first in
            HugePages.adviseAlways(base, byteCount: large)
            let end = (UInt(bitPattern: base) + UInt(large)) & ~UInt(HugePages.size - 1)
            XCTAssertEqual(try huge(at: first), true)
            XCTAssertEqual(try huge(at: end - 1), true)
            XCTAssertEqual(try huge(at: (first + end) / 2), true)
            // The partial pages at either edge are not advised (only whole huge pages inside).
            if UInt(bitPattern: base) < first { XCTAssertEqual(try huge(at: first - 1), false) }
            if end < UInt(bitPattern: base) + UInt(large) { XCTAssertEqual(try huge(at: end), false) }
        }
    }

    func testABufferBelowTheMinimumIsNotAdvised() throws {
        try withLargeBuffer { _, first in
            // Just below the 4 MiB minimum: not advised; at it: advised, and nothing after it.
            let p = UnsafeMutableRawPointer(bitPattern: first)!
            HugePages.adviseAlways(p, byteCount: HugePages.minimumBytes - 1)
            XCTAssertEqual(try huge(at: first), false)
            HugePages.adviseAlways(p, byteCount: HugePages.minimumBytes)
            XCTAssertEqual(try huge(at: first), true)
            XCTAssertEqual(try huge(at: first + UInt(HugePages.minimumBytes)), false)
        }
    }

    func testAnArrayReservedInHugePagesKeepsItsElementsAndIsAdvised() throws {
        try requireHugePages()
        var a = (0..<1000).map { LayoutAttributes.cell(IndexPath(section: 0, item: $0)) }
        let n = large / MemoryLayout<LayoutAttributes>.stride
        a.reserveCapacityInHugePages(n, forcingAdvice: true)
        XCTAssertGreaterThanOrEqual(a.capacity, n)
        XCTAssertEqual(a.count, 1000)
        for (i, e) in a.enumerated() { XCTAssertEqual(e.indexPath, IndexPath(section: 0, item: i)) }
        let base = UInt(bitPattern: a.withUnsafeMutableBufferPointer { $0.baseAddress! })
        let size = UInt(HugePages.size)
        let first = (base + size - 1) & ~(size - 1)
        XCTAssertEqual(try huge(at: first), true)
        XCTAssertEqual(try huge(at: first + 4 * size), true)
        // A small array is not advised (no system call under the minimum).
        var small: [Int] = []
        small.reserveCapacityInHugePages(1000, forcingAdvice: true)
        XCTAssertGreaterThanOrEqual(small.capacity, 1000)
    }

    /// Whether the mapping holding `address` has the huge-page advice (`hg` in its `VmFlags`),
    /// read from `/proc/self/smaps`; throws when no mapping holds it.
    private func huge(at address: UInt) throws -> Bool {
        #if os(Linux)
        guard let f = fopen("/proc/self/smaps", "r") else { throw XCTSkip("no /proc/self/smaps") }
        defer { fclose(f) }
        var line: UnsafeMutablePointer<CChar>?
        var cap = 0
        defer { free(line) }
        var inside = false
        while getline(&line, &cap, f) > 0 {
            let s = String(cString: line!)
            if let dash = s.firstIndex(of: "-"), let space = s.firstIndex(of: " "), dash < space,
                let lo = UInt(s[..<dash], radix: 16), let hi = UInt(s[s.index(after: dash)..<space], radix: 16)
            {
                inside = lo <= address && address < hi
            } else if inside, s.hasPrefix("VmFlags:") {
                return s.split(separator: " ").contains("hg")
            }
        }
        throw LayoutError(.invalidArgument, "no mapping holds \(String(address, radix: 16))")
        #else
        return false
        #endif
    }
}
