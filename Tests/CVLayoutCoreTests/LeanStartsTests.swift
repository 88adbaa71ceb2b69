import Foundation
import XCTest

@testable import CVLayoutCore

/// `TrackEnds`' lean starts (`LeanStart`): a table keeps its starts lean while each is a default
/// cell but for its index path, frame and turn, makes them whole records at the first that is
/// not, and every start reads back bit for bit what was set, either way, through replacing,
/// removing and copying tracks.
final class LeanStartsTests: XCTestCase {
    /// A default cell with a random frame, turned half the time (lean), or, one time in `odd`, with
    /// a look a lean start cannot hold (alpha, z-index, hidden, custom slot, translation).
    private func start(_ item: Int, odd: Int, _ g: inout SplitMix64) -> LayoutAttributes {
        var a = LayoutAttributes.cell(
            IndexPath(section: 0, item: item),
            frame: Rect(
                x: Double.random(in: -500...500, using: &g), y: Double.random(in: -500...500, using: &g),
                width: Double.random(in: 1...80, using: &g), height: Double.random(in: 1...80, using: &g)))
        if Bool.random(using: &g) {
            let angle = Double.random(in: -3...3, using: &g)
            a.transform = Transform3D.turn(cos: cos(angle), sin: sin(angle))
        }
        guard odd > 0, Int.random(in: 0..<odd, using: &g) == 0 else { return a }
        switch Int.random(in: 0..<6, using: &g) {
        case 0: a.alpha = 0.5
        case 1: a.zIndex = 3
        case 2: a.isHidden = true
        case 3: a.custom = CustomAttributes([0.25])
        case 4: a.transform = Transform3D.translation(3, 0, 0)
        default: a.identifier = 7
        }
        return a
    }

    /// Equal records whose transforms and alphas are the same bits.
    private func sameBits(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
        a == b && a.transform.isBitwiseEqual(to: b.transform) && a.alpha.bitPattern == b.alpha.bitPattern
    }

    func testStartsReadBackAsSetLeanOrWhole() {
        var g = SplitMix64(seed: 30)
        var leanTables = 0, wholeTables = 0
        for round in 0..<60 {
            let n = Int.random(in: 1...300, using: &g)
            let odd = [0, 0, 50, 400][round % 4]
            var t = TrackTable()
            var model: [ElementKey: (LayoutAttributes, LayoutAttributes)] = [:]
            for i in 0..<n {
                let end = start(i, odd: 0, &g)
                if Int.random(in: 0..<3, using: &g) == 0 {
                    let frame = Rect(x: Double(i), y: 2, width: 30, height: 40)
                    withUnsafePointer(to: end) { t.set(end.key, cellFrame: frame, movedBy: nil, toAt: $0) }
                    model[end.key] = (.cell(end.indexPath, frame: frame), end)
                } else {
                    let s = start(i, odd: odd, &g)
                    t.set(end.key, from: s, to: end)
                    model[end.key] = (s, end)
                }
                // Now and then a track replaced or removed.
                if i > 3, Int.random(in: 0..<10, using: &g) == 0 {
                    let k = t.keys[Int.random(in: 0..<t.count, using: &g)]
                    if Bool.random(using: &g) {
                        t[k] = nil
                        model[k] = nil
                    } else {
                        let s = start(k.indexPath.item, odd: odd, &g)
                        t.set(k, from: s, to: model[k]!.1)
                        model[k]!.0 = s
                    }
                }
            }
            if t.endsInPlace.from.isLean { leanTables += 1 } else { wholeTables += 1 }
            let copy = t
            var copied = copy
            let other = LayoutAttributes.cell(IndexPath(section: 1, item: 0))
            copied.set(other.key, from: other, to: other)
            XCTAssertEqual(t.count, model.count, "round \(round)")
            for (i, k) in t.keys.enumerated() {
                let (s, e) = model[k]!
                XCTAssertTrue(sameBits(t[position: i].from, s), "round \(round), track \(i)")
                XCTAssertTrue(sameBits(t.endsInPlace.from.record(i), s), "round \(round), track \(i)")
                XCTAssertTrue(sameBits(copied[position: i].from, s), "round \(round), copy, track \(i)")
                XCTAssertEqual(t[position: i].to, e, "round \(round), track \(i)")
            }
        }
        XCTAssertGreaterThan(leanTables, 10)
        XCTAssertGreaterThan(wholeTables, 10)
    }

    /// `set(_:fromAt:movedBy:indexPath:fadedOut:toAt:)` with the changes it makes to the start (an
    /// unmoved one is read in place while the starts are lean): each start reads back as the
    /// source with them, lean or whole, the first start that is not lean among them too.
    func testChangedStartsReadBackAsSet() {
        var g = SplitMix64(seed: 31)
        var leanTables = 0, wholeTables = 0
        for round in 0..<60 {
            let n = Int.random(in: 1...200, using: &g)
            let odd = [0, 0, 40, 300][round % 4]
            var t = TrackTable()
            var model: [ElementKey: (LayoutAttributes, LayoutAttributes)] = [:]
            for i in 0..<n {
                let end = start(i, odd: 0, &g)
                var s = start(Int.random(in: 0..<1000, using: &g), odd: odd, &g)
                let shift = Bool.random(using: &g) ? Point(x: 3.5, y: -7) : nil
                let indexPath = Bool.random(using: &g) ? IndexPath(section: 0, item: i + 5) : nil
                let fadedOut = Int.random(in: 0..<4, using: &g) == 0
                withUnsafePointer(to: s) { f in
                    withUnsafePointer(to: end) { e in
                        t.set(end.key, fromAt: f, movedBy: shift, indexPath: indexPath, fadedOut: fadedOut, toAt: e)
                    }
                }
                if let shift {
                    s.origin.x += shift.x
                    s.origin.y += shift.y
                }
                if let indexPath { s.indexPath = indexPath }
                if fadedOut { s.alpha = 0 }
                model[end.key] = (s, end)
            }
            if t.endsInPlace.from.isLean { leanTables += 1 } else { wholeTables += 1 }
            XCTAssertEqual(t.count, model.count, "round \(round)")
            for (i, k) in t.keys.enumerated() {
                let (s, e) = model[k]!
                XCTAssertTrue(sameBits(t[position: i].from, s), "round \(round), track \(i)")
                XCTAssertEqual(t[position: i].to, e, "round \(round), track \(i)")
            }
        }
        XCTAssertGreaterThan(leanTables, 10)
        XCTAssertGreaterThan(wholeTables, 10)
    }

    func testAnimatedSwitchToTheCircleAndAnUpdateOnItKeepLeanStarts() throws {
        let timing = try AnimationTiming(duration: 1, curve: .linear)
        let v = try CollectionView(dataSource: StaticDataSource([500]), layout: FlowLayout())
        try v.setBoundsSize(Size(width: 1000, height: 800))
        _ = try v.visibleAttributes()
        try v.setLayout(CircleLayout(), animation: timing)
        XCTAssertEqual(v.transition?.tracks.endsInPlace.from.isLean, true)
        try v.finishAnimations()
        (v.dataSource as! StaticDataSource).counts = [499]
        var u = BatchUpdate()
        u.deleteItems([IndexPath(section: 0, item: 250)])
        try v.performBatchUpdates(u, animation: timing)
        XCTAssertEqual(v.transition?.tracks.endsInPlace.from.isLean, true)
        XCTAssertEqual(v.transition?.tracks.count, 499)
    }
}
