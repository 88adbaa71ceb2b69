import XCTest

@testable import CVLayoutCore

/// Where `TrackEnds` puts its runs: each run's first record (so every record: 288 bytes a record)
/// 16 bytes past a 32-byte boundary, whatever the allocator gives, through growth, a reused run
/// and a run made after an adopted one was let go (an update frame at 10^5 read its starts in
/// 7.8 ms so and in 10.4-11.7 ms on a 32-byte boundary on the project's CI machine: BENCHMARKS.md,
/// onscreen29).
final class TrackEndsPlacementTests: XCTestCase {
    private func offset(_ p: UnsafeMutablePointer<LayoutAttributes>) -> Int { Int(bitPattern: p) & 31 }

    func testEveryRunStartsSixteenBytesPastAThirtyTwoByteBoundary() {
        XCTAssertEqual(MemoryLayout<LayoutAttributes>.stride % 32, 0, "every record then lies as the first")
        // (Not a default cell: the starts are whole records, in `from`, not lean.)
        var template = LayoutAttributes.cell(IndexPath(section: 0, item: 0))
        template.zIndex = 1
        var checked = 0
        // Small allocations in between, so that the allocator's answers fall on either boundary.
        var others: [UnsafeMutableRawPointer] = []
        defer { others.forEach { $0.deallocate() } }
        for n in [0, 1, 3, 16, 17, 100, 1_000, 5_000] {
            others.append(.allocate(byteCount: 16 * (n % 7 + 1), alignment: 16))
            let ends = TrackEnds(capacity: n)
            XCTAssertEqual(offset(ends.from), 16, "from, capacity \(n)")
            XCTAssertEqual(offset(ends.to), 16, "to, capacity \(n)")
            for i in 0..<(n + 40) {
                template.origin = Point(x: Double(i), y: 1)
                withUnsafePointer(to: template) { ends.append(from: $0, to: $0) }
                ends.commitStart(ends.count - 1)
            }
            XCTAssertEqual(offset(ends.from), 16, "from grown past \(n)")
            XCTAssertEqual(offset(ends.to), 16, "to grown past \(n)")
            XCTAssertEqual(ends.from[n + 39].origin.x, Double(n + 39))
            let answer = [LayoutAttributes](repeating: template, count: 3)
            ends.removeAll()
            ends.adopt(ends: answer)
            ends.removeAll()
            ends.makeOwnEnds()
            XCTAssertEqual(offset(ends.to), 16, "to made again, capacity \(ends.capacity)")
            XCTAssertEqual(offset(ends.copy().from), 16, "a copy's from")
            checked += 1
        }
        XCTAssertEqual(checked, 8)
    }
}
