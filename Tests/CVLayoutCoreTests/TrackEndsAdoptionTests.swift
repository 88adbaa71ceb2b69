import XCTest

@testable import CVLayoutCore

/// `TrackTable.adoptEnds` (`TrackEnds.adopt(ends:)`): a table that keeps the layout's answer as
/// its ends' run, in place while the tracks end at its records in order, holds the same tracks as
/// one that copies every end, through ends set elsewhere, replaced and removed tracks, tracks past
/// the answer's last record and copies of the table.
final class TrackEndsAdoptionTests: XCTestCase {
    private func element(_ item: Int, _ g: inout SplitMix64) -> LayoutAttributes {
        .randomTrackEnd(item: item, using: &g)
    }

    private func assertSameTracks(_ t: TrackTable, _ model: TrackTable, _ what: String) {
        XCTAssertEqual(t.keys, model.keys, what)
        guard t.count == model.count else { return XCTFail("\(what): \(t.count) tracks, \(model.count) expected") }
        let (a, b) = (t.endsInPlace, model.endsInPlace)
        let starts = (0..<t.count).filter {
            a.from.record($0) != b.from.record($0) || t[position: $0].from != b.from.record($0)
        }
        let ends = (0..<t.count).filter { a.to[$0] != b.to[$0] || t[position: $0].to != b.to[$0] }
        XCTAssertEqual(starts, [], "\(what): starts that differ")
        XCTAssertEqual(ends, [], "\(what): ends that differ")
    }

    func testAdoptedEndsHoldTheTracksOfCopiedEnds() {
        var g = SplitMix64(seed: 32)
        for round in 0..<400 {
            let n = Int.random(in: 1...40, using: &g)
            let after = (0..<n).map { element($0, &g) }
            var adopted = TrackTable()
            adopted.adoptEnds(after)
            var copied = TrackTable()
            // Mostly in place (as a set-up does), sometimes (by round) other ends.
            let elsewhere = round % 4 == 0 ? 0.0 : Double(round % 4) * 0.08
            var snapshot: (TrackTable, TrackTable)?
            after.withUnsafeBufferPointer { e in
                for step in 0..<(n + 8) {
                    let start = element(Int.random(in: 0...99, using: &g), &g)
                    let local = element(Int.random(in: 0...99, using: &g), &g)
                    let cell = Bool.random(using: &g)
                    func set(_ key: ElementKey, _ end: UnsafePointer<LayoutAttributes>) {
                        withUnsafePointer(to: start) { s in
                            if cell {
                                adopted.set(key, cellFrame: start.frame, movedBy: Point(x: 1, y: -2), toAt: end)
                                copied.set(key, cellFrame: start.frame, movedBy: Point(x: 1, y: -2), toAt: end)
                            } else {
                                adopted.set(key, fromAt: s, toAt: end)
                                copied.set(key, fromAt: s, toAt: end)
                            }
                        }
                    }
                    let r = Double.random(in: 0..<1, using: &g)
                    let position = adopted.count
                    if r >= elsewhere, position < n {
                        set(e[position].key, e.baseAddress! + position)  // in place
                    } else if r < elsewhere / 4, adopted.count > 0 {  // remove a track
                        let k = adopted.keys[Int.random(in: 0..<adopted.count, using: &g)]
                        adopted[k] = nil
                        copied[k] = nil
                    } else if r < elsewhere / 2 {  // another record of the answer
                        let j = Int.random(in: 0..<n, using: &g)
                        set(e[j].key, e.baseAddress! + j)
                    } else {  // a record elsewhere, for a new key or a tracked one
                        let tracked = Bool.random(using: &g) && adopted.count > 0
                        let k = tracked ? adopted.keys[Int.random(in: 0..<adopted.count, using: &g)] : local.key
                        withUnsafePointer(to: local) { set(k, $0) }
                    }
                    if step == n / 2 { snapshot = (adopted, copied) }
                }
            }
            assertSameTracks(adopted, copied, "round \(round)")
            // A copy taken halfway keeps its tracks whatever the table did since.
            if let (a, c) = snapshot { assertSameTracks(a, c, "round \(round), copy") }
        }
    }

    func testAnUpdateThatMovesEveryElementKeepsTheAnswerInPlace() {
        var g = SplitMix64(seed: 7)
        let after = (0..<500).map { element($0, &g) }
        var adopted = TrackTable()
        adopted.adoptEnds(after)
        after.withUnsafeBufferPointer { e in
            for i in e.indices {
                var start = element(i, &g)
                adopted.set(e[i].key, fromAt: &start, toAt: e.baseAddress! + i)
            }
            // The ends are the answer's own records: none was copied.
            XCTAssertEqual(adopted.endsInPlace.to.baseAddress, e.baseAddress)
        }
        XCTAssertEqual(Array(adopted.endsInPlace.to), after)
    }
}
