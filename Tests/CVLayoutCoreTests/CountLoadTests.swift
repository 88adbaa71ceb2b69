import XCTest

@testable import CVLayoutCore

/// The straight-pass checks of a bulk count load (`CountLoad.acceptAll`) and the block-wise
/// comparison of two count lists (`CountComparison.firstMismatch` with `memcmp`), each against
/// the one-at-a-time rule it replaces.
final class CountLoadTests: XCTestCase {
    /// What `accept` section after section gives: the error's code and message, or the total.
    private func model(_ counts: [Int]) -> Result<Int, LayoutError> {
        var load = CountLoad()
        do {
            for (s, c) in counts.enumerated() { try load.accept(c, section: s) }
            return .success(load.total)
        } catch let e as LayoutError {
            return .failure(e)
        } catch {
            XCTFail("unexpected \(error)")
            return .success(-1)
        }
    }

    func testAcceptAllCopyingMatchesTheOneAtATimeRule() {
        var rng = SplitMix64(seed: 0xC0DE_5EC9)
        let max = CollectionView.maxCount
        var failures = 0
        for round in 0..<3000 {
            let n = 1 + rng.int(below: round % 10 == 0 ? 3000 : 40)
            var counts = (0..<n).map { _ in rng.int(below: 50) }
            // A few entries at the edges of the rule: negative, at and above the limit, huge.
            for _ in 0..<rng.int(below: 3) {
                let special = [-1, -(1 << 62), Int.min, max, max - 1, max + 1, Int.max, max / 2 + 1]
                counts[rng.int(below: n)] = special[rng.int(below: special.count)]
            }
            var load = CountLoad()
            var dest = [Int](repeating: 7, count: n)
            let got: Result<Int, LayoutError>
            do {
                try counts.withUnsafeBufferPointer { src in
                    try dest.withUnsafeMutableBufferPointer { try load.acceptAll(copying: src, into: $0) }
                }
                got = .success(load.total)
            } catch let e as LayoutError {
                got = .failure(e)
            } catch {
                XCTFail("unexpected \(error)")
                continue
            }
            XCTAssertEqual(got, model(counts), "round \(round)")
            XCTAssertEqual(dest, counts, "round \(round): the whole list copied")
            if case .failure = got { failures += 1 }
        }
        XCTAssertGreaterThan(failures, 500)
        XCTAssertLessThan(failures, 2800)
    }

    func testFirstMismatchMatchesAScan() {
        var rng = SplitMix64(seed: 0xB10C)
        let block = CountComparison.equalBlock
        for round in 0..<2000 {
            let n = rng.int(below: 6 * block)
            let a = (0..<n).map { _ in rng.int(below: 4) }
            var b = a
            // Differences at random places, often right at a block's edges.
            for _ in 0..<rng.int(below: 3) where n > 0 {
                let edge = rng.int(below: 6) * block + rng.int(below: 3) - 1
                let i = rng.int(below: 2) == 0 ? rng.int(below: n) : Swift.min(Swift.max(edge, 0), n - 1)
                b[i] += 1 + rng.int(below: 3)
            }
            let lo = n > 0 ? rng.int(below: n) : 0
            let hi = lo + rng.int(below: n - lo + 1)
            var expected = lo
            while expected < hi, a[expected] == b[expected] { expected += 1 }
            let got = a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in CountComparison.firstMismatch(pa, pb, from: lo, to: hi) }
            }
            XCTAssertEqual(got, expected, "round \(round): n \(n), \(lo)..<\(hi)")
            let same = a.withUnsafeBufferPointer { pa in CountComparison.firstMismatch(pa, pa, from: lo, to: hi) }
            XCTAssertEqual(same, hi)
            var changed: [Int] = []
            for i in 0..<n where a[i] != b[i] { changed.append(i) }
            XCTAssertEqual(CountComparison.changedSections(a, b), changed, "round \(round)")
        }
    }
}
