import XCTest

@testable import CVLayoutCore

/// The Fenwick tree of block offsets (`FlowBlockOffsets`) against a plain array of offsets, and
/// the number of nodes a shift touches.
final class FlowBlockOffsetsTests: XCTestCase {
    /// Quarters of a point in ±10^6: every sum the tree and the array form is exact, so both
    /// must agree bit for bit.
    private func value(_ rng: inout SplitMix64) -> Double {
        Double(Int.random(in: -4_000_000...4_000_000, using: &rng)) / 4
    }

    func testRandomUpdatesAndPrefixQueriesMatchAnArray() {
        var rng = SplitMix64(seed: 7)
        for round in 0..<40 {
            let n0 = round < 4 ? round : Int.random(in: 1...300, using: &rng)
            var model = (0..<n0).map { _ in value(&rng) }
            var tree = FlowBlockOffsets(model)
            XCTAssertEqual(tree.count, n0)
            for step in 0..<200 {
                let n = model.count  // splices change it
                let what = "round \(round) step \(step)"
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<5:  // shift a suffix (b may be past the end: nothing moves)
                    let b = Int.random(in: 0...n + 1, using: &rng), x = value(&rng)
                    tree.shift(from: b, by: x)
                    for i in Swift.min(b, n)..<n { model[i] += x }
                case 5..<7:
                    guard n > 0 else { continue }
                    let b = Int.random(in: 0..<n, using: &rng), x = value(&rng)
                    tree.set(b, to: x)
                    model[b] = x
                default:  // replace a range by zeros, shift the rest
                    let lo = Int.random(in: 0...n, using: &rng)
                    let hi = Int.random(in: lo...Swift.min(n, lo + 3), using: &rng)
                    let k = Int.random(in: 0...3, using: &rng), x = value(&rng)
                    tree.splice(lo..<hi, zeros: k, thenShift: FlowSum(x))
                    model = Array(model[..<lo]) + Array(repeating: 0, count: k) + model[hi...].map { $0 + x }
                }
                XCTAssertEqual(tree.count, model.count, what)
                XCTAssertEqual(Array(tree.offsets()), model, what)
                for _ in 0..<5 where !model.isEmpty {
                    let b = Int.random(in: 0..<model.count, using: &rng)
                    XCTAssertEqual(tree.offset(b), model[b], "\(what) block \(b)")
                }
            }
        }
    }

    func testOffsetsStayCorrectlyRoundedOverManyInexactShifts() {
        // Shifts by thirds of a point (sums round): the exact offsets are kept as integers in
        // units of 2^-60 (every third of magnitude ≥ 1/3 is a multiple of that); after thousands
        // of shifts each offset is still within one unit in the last place of the exact one,
        // rounded (a tree of plain doubles drifts by one rounding per node update).
        var rng = SplitMix64(seed: 8)
        let unit = 0x1p-60
        func exact(_ x: Double) -> Int128 { Int128(x / unit) }
        let n = 300
        var tree = FlowBlockOffsets(count: n)
        var model = [Int128](repeating: 0, count: n)
        var plain = [Double](repeating: 0, count: n)  // the same shifts in plain doubles
        var plainWorst = 0.0
        for step in 0..<3000 {
            let k = Int.random(in: 1...3_000_000, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            let x = Double(k) / 3
            XCTAssertEqual(Double(exact(x)) * unit, x)  // x is a multiple of 2^-60
            if step % 10 == 9 {
                let b = Int.random(in: 0..<n, using: &rng)
                tree.set(b, to: x)
                model[b] = exact(x)
                plain[b] = x
            } else {
                let b = Int.random(in: 0..<n, using: &rng)
                tree.shift(from: b, by: x)
                for i in b..<n {
                    model[i] += exact(x)
                    plain[i] += x
                }
            }
            if step % 100 == 99 {
                for b in 0..<n {
                    let want = Double(model[b]) * unit  // correctly rounded: one conversion, then exact scaling
                    let got = tree.offset(b)
                    XCTAssertLessThanOrEqual(abs(got - want), want.ulp, "step \(step) block \(b)")
                    plainWorst = Swift.max(plainWorst, abs(plain[b] - want) / want.ulp)
                }
            }
        }
        // The plain sums did drift (else the test would not show anything).
        XCTAssertGreaterThan(plainWorst, 1)
    }

    func testAShiftTouchesAtMostLog2Nodes() {
        for n in [1, 2, 3, 7, 8, 100, 1300, 4096, 100_000] {
            var tree = FlowBlockOffsets(count: n)
            let bound = Int.bitWidth - n.leadingZeroBitCount  // ⌈log2(n + 1)⌉
            XCTAssertEqual(tree.logCount, bound)
            var most = 0
            for b in Swift.stride(from: 0, to: n, by: Swift.max(1, n / 997)) {
                let before = tree.nodesVisited
                tree.shift(from: b, by: 1)
                let touched = tree.nodesVisited - before
                XCTAssertGreaterThanOrEqual(touched, 1, "n \(n) from \(b)")
                XCTAssertLessThanOrEqual(touched, bound, "n \(n) from \(b)")
                most = Swift.max(most, touched)
            }
            // From block 0 of a power of two: nodes 1, 2, 4, …, n, all of them on the path.
            if n & (n - 1) == 0 { XCTAssertEqual(most, bound, "n \(n)") }
        }
        // 100 000 blocks: 17 nodes, not 100 000 additions.
        XCTAssertEqual(FlowBlockOffsets(count: 100_000).logCount, 17)
    }
}
