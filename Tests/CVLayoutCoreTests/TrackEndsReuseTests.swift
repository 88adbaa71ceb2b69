import XCTest

@testable import CVLayoutCore

/// `TrackTable.reuseEnds` (`TrackEnds.removeAll`) and the view's `spareEnds`: a table whose tracks
/// are written into a finished table's storage holds the same tracks as one given fresh storage,
/// takes that storage exactly when it fits the bounds asked, and a view keeps a dropped
/// transition's storage only until its next animated set-up (or its end).
final class TrackEndsReuseTests: XCTestCase {
    private func element(_ item: Int, _ g: inout SplitMix64) -> LayoutAttributes {
        .randomTrackEnd(item: item, using: &g)
    }

    /// Sets `n` tracks in `t` (ends adopted from `after` when `adopt`), in place or elsewhere as `g`
    /// draws; the same draws give the same tracks.
    private func fill(_ t: inout TrackTable, _ after: [LayoutAttributes], adopt: Bool, _ g: inout SplitMix64) {
        if adopt { t.adoptEnds(after) }
        after.withUnsafeBufferPointer { e in
            for i in e.indices {
                var start = element(Int.random(in: 0...99, using: &g), &g)
                if Int.random(in: 0..<8, using: &g) == 0 {
                    var other = element(i, &g)
                    t.set(e[i].key, fromAt: &start, toAt: &other)
                } else if Bool.random(using: &g) {
                    t.set(e[i].key, cellFrame: start.frame, movedBy: Point(x: 1, y: -2), toAt: e.baseAddress! + i)
                } else {
                    t.set(e[i].key, fromAt: &start, toAt: e.baseAddress! + i)
                }
            }
        }
    }

    /// Hands `old`'s storage (when no copy shares it) to a new table with bounds `lo`, `hi` around
    /// its capacity, adopting `answer`, `old` emptied: the new table, the storage's identity and
    /// capacity. No reference to the storage is left but the new table's (when taken).
    private func handOn(
        _ old: inout TrackTable, _ answer: [LayoutAttributes], _ lo: Int, _ hi: Int
    ) -> (TrackTable, ObjectIdentifier, Int)? {
        guard let spare = old.endsIfUnique() else { return nil }
        old = TrackTable()
        var t = TrackTable()
        t.reuseEnds(spare, adopting: answer, least: Swift.max(1, spare.capacity + lo), most: spare.capacity + hi)
        return (t, ObjectIdentifier(spare), spare.capacity)
    }

    func testReusedStorageHoldsTheTracksOfFreshStorage() {
        var g = SplitMix64(seed: 19)
        var taken = 0, refused = 0
        for round in 0..<300 {
            // A finished table, its storage handed on.
            var old = TrackTable()
            let oldAfter = (0..<Int.random(in: 1...60, using: &g)).map { element($0, &g) }
            fill(&old, oldAfter, adopt: Bool.random(using: &g), &g)
            let copy = round % 5 == 0 ? old : nil  // a copy shares the storage: not handed on
            // The next table: as many tracks, fewer or more; bounds around the storage's size.
            let n = Int.random(in: 1...80, using: &g)
            let after = (0..<n).map { element($0, &g) }
            let (lo, hi) = (Int.random(in: -8...8, using: &g), Int.random(in: -8...8, using: &g))
            // Adopting the answer or not (an empty one is not adopted: the ends made its own).
            let adopt = Bool.random(using: &g)
            let answer = adopt ? after : []
            guard
                case (var reused, let spare, let capacity)? = withExtendedLifetime(
                    copy, { handOn(&old, answer, lo, hi) })
            else {
                XCTAssertNotNil(copy, "round \(round): unique storage not handed on")
                continue
            }
            XCTAssertNil(copy, "round \(round): shared storage handed on")
            let (least, most) = (Swift.max(1, capacity + lo), capacity + hi)
            var fresh = TrackTable()  // (`reused` held alone: a copy would share its storage)
            var h = g
            fill(&reused, after, adopt: false, &g)
            fill(&fresh, after, adopt: adopt, &h)
            let fits = capacity >= least && capacity <= most
            if fits { taken += 1 } else { refused += 1 }
            // The storage is the spare's object when taken (it lives on in `reused` then, so no
            // other object can have its identity); a fresh one made before otherwise.
            XCTAssertEqual(
                reused.endsIfUnique().map(ObjectIdentifier.init) == spare, fits,
                "round \(round): storage of \(capacity) with \(n) tracks, bounds \(least)...\(most)")
            XCTAssertEqual(reused.keys, fresh.keys, "round \(round)")
            XCTAssertEqual(
                (0..<reused.count).map { reused.endsInPlace.from.record($0) },
                (0..<fresh.count).map { fresh.endsInPlace.from.record($0) }, "round \(round): starts")
            XCTAssertEqual(Array(reused.endsInPlace.to), Array(fresh.endsInPlace.to), "round \(round): ends")
            // The cells' span starts afresh: every cell counted once, and a part of them.
            XCTAssertEqual(reused.countCells(of: 0, in: [0..<1000]), n, "round \(round): cells")
            XCTAssertEqual(
                reused.countCells(of: 0, in: [0..<(n / 2)]), fresh.countCells(of: 0, in: [0..<(n / 2)]),
                "round \(round): cells")
        }
        XCTAssertGreaterThan(taken, 50)
        XCTAssertGreaterThan(refused, 50)
    }

    func testAViewKeepsADroppedTransitionsStorageForItsNextSetUp() throws {
        let timing = try AnimationTiming(duration: 1, curve: .linear)
        let flow = FlowLayout(), circle = CircleLayout()
        let v = try CollectionView(dataSource: StaticDataSource([300]), layout: flow)
        try v.setBoundsSize(Size(width: 1000, height: 800))
        _ = try v.visibleAttributes()
        XCTAssertNil(v.spareEnds)
        try v.setLayout(circle, animation: timing)
        let switchFrom = v.transition?.tracks.endsInPlace.from.lean
        let switchFrame = try v.visibleAttributes()
        try v.finishAnimations()  // dropped: its storage kept, emptied
        XCTAssertEqual(v.spareEnds?.count, 0)
        XCTAssertEqual(v.spareEnds?.lean, switchFrom.map { UnsafeMutablePointer(mutating: $0) })
        // The next set-up takes it (300 tracks in room for 300 + the flow's).
        (v.dataSource as! StaticDataSource).counts = [299]
        var u = BatchUpdate()
        u.deleteItems([IndexPath(section: 0, item: 150)])
        try v.performBatchUpdates(u, animation: timing)
        XCTAssertNil(v.spareEnds)
        XCTAssertEqual(v.transition?.tracks.endsInPlace.from.lean, switchFrom)
        XCTAssertEqual(v.transition?.tracks.count, 299)
        // A transition that ends by the clock is kept the same way.
        try v.setTime(v.currentTime + 2)
        XCTAssertNil(v.transition)
        XCTAssertEqual(v.spareEnds?.lean, switchFrom.map { UnsafeMutablePointer(mutating: $0) })
        XCTAssertFalse(switchFrame.isEmpty)
    }
}
