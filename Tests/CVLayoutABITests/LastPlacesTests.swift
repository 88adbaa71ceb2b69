// An animation frame's leaving elements come last (`PresentingSink.finish`); the C query's sink, told
// them first (`expectLast`), leaves their places among the records as they are written straight
// into the caller's buffer, so that `finish` moves no record to make room for them
// (`CBufferSink.closeLastPlaces` when anything does not go as told). These random queries compare
// its records, byte for byte, with those of the same query into a sink told nothing (the merge of
// `mergeTailInPlace`), full and compact: runs of turned cells' looks, single elements, elements
// out of order or with a z-index, leaving elements that tie with cells, that are not the ones
// told, missing or one too many.
import CCVLayout
import XCTest

@testable import CVLayout
@testable import CVLayoutCore

final class LastPlacesTests: XCTestCase {
    /// What a query hands its sink, in order.
    private enum Step {
        case looks([CellLook])
        case element(LayoutAttributes)
        case lastFollow
    }

    /// One random query: the layout's cells in runs of looks (items ascending, now and then one
    /// going back, a z-index, a run from another section), single elements, then the leaving ones
    /// (the told ones, or not quite).
    private func makeQuery(_ r: inout ABIRandom, items n: Int) -> (steps: [Step], told: [LayoutAttributes]) {
        func frame(_ item: Int) -> Rect {
            Rect(x: Double(item % 97) * 11.5 - 40, y: Double(item / 97) * 7.25, width: 10 + r.unit(), height: 9)
        }
        var steps: [Step] = []
        var item = 0
        while item < n {
            let length = Swift.min(n - item, 1 + r.below(r.chance(0.5) ? 300 : 20))
            var run: [CellLook] = []
            // Now and then a run with one look out of order (an item anywhere), or with a z-index.
            let odd = r.chance(0.06) ? r.below(length) : -1, raised = r.chance(0.04) ? r.below(length) : -1
            for k in 0..<length {
                let a = r.unit() * 6.3
                let i = k == odd ? r.below(n) : item + k
                run.append(
                    CellLook(
                        item: i, frame: frame(i), transform: .turn(cos: cos(a), sin: sin(a)), alpha: r.unit(),
                        zIndex: k == raised ? 1 + r.below(3) : 0, isHidden: r.chance(0.1)))
            }
            steps.append(.looks(run))
            item += length
            if r.chance(0.004) {  // a single element between the runs (a cell of a later section)
                var a = LayoutAttributes.cell(IndexPath(section: 1, item: r.below(50)), frame: frame(item))
                if r.chance(0.3) { a.zIndex = 2 }
                steps.append(.element(a))
            }
        }
        if r.chance(0.2) {  // an unmatched track's element, at the end of the layout's
            steps.append(.element(LayoutAttributes.cell(IndexPath(section: 0, item: r.below(n)), frame: frame(3))))
        }
        // The leaving elements: at the first, last, middle or any item (tying with the cell there),
        // several, now and then with a z-index.
        var told: [LayoutAttributes] = []
        for _ in 0..<(1 + r.below(4)) {
            let at = [0, n - 1, n / 2, r.below(n), n + r.below(3)][r.below(5)]
            var a = LayoutAttributes.cell(IndexPath(section: 0, item: at), frame: frame(at))
            a.isDisappearing = true
            a.alpha = r.unit()
            if r.chance(0.05) { a.zIndex = -1 }
            told.append(a)
        }
        steps.append(.lastFollow)
        var handed = told
        switch r.below(10) {
        case 0: handed.removeLast()  // one missing
        case 1: handed.append(handed[0])  // one too many
        case 2: handed[r.below(handed.count)].indexPath.item += 1  // not the one told
        case 3: handed.reverse()  // another order
        default: break
        }
        for a in handed { steps.append(.element(a)) }
        return (steps, told)
    }

    /// The query's records into a buffer of `capacity` records, told `told` (or nothing), and the
    /// count; nil when the sink refuses the buffer. `placesKept`: whether the places were kept.
    private func records<R: CQueryRecord>(
        _ type: R.Type, _ steps: [Step], told: [LayoutAttributes]?, capacity: Int, placesKept: inout Bool
    ) throws -> (bytes: [UInt8], count: Int)? {
        let out = UnsafeMutablePointer<R>.allocate(capacity: capacity)
        defer { out.deallocate() }
        memset(out, 0xA5, capacity * MemoryLayout<R>.stride)
        let sink = R.sink(buffer: CRecordBuffer<R>(), out: out, capacity: capacity)
        sink.counts = [1 << 20, 64]
        sink.expect(atMost: capacity)
        if let told { sink.expectLast(told) }
        for step in steps {
            switch step {
            case .looks(let run): try run.withUnsafeBufferPointer { try sink.cellLooks(section: 0, $0, valid: true) }
            case .element(let a): try sink.add(a)
            case .lastFollow: sink.lastElementsFollow()
            }
        }
        var count = 0
        do { try sink.finish(&count) } catch { return nil }
        placesKept = sink.lastPlacesKept
        let bytes = UnsafeRawBufferPointer(start: out, count: count * MemoryLayout<R>.stride)
        return (Array(bytes), count)
    }

    private func check<R: CQueryRecord>(_ type: R.Type, seed: UInt64) throws -> (kept: Int, rounds: Int) {
        var r = ABIRandom(state: seed)
        var kept = 0
        let rounds = 150
        for round in 0..<rounds {
            let n = [1, 2, 3, 40, 700, 2_000][r.below(6)]
            let (steps, told) = makeQuery(&r, items: n)
            var total = 0
            for s in steps {
                if case .looks(let run) = s { total += run.count } else if case .element = s { total += 1 }
            }
            let capacity = total + [0, 0, 1, 5, 64][r.below(5)]
            var placesKept = false, ignored = false
            let got = try records(R.self, steps, told: told, capacity: capacity, placesKept: &placesKept)
            let want = try records(R.self, steps, told: nil, capacity: capacity, placesKept: &ignored)
            XCTAssertEqual(got?.count, want?.count, "round \(round)")
            XCTAssert(got?.bytes == want?.bytes, "round \(round): records differ (\(R.self))")
            XCTAssertFalse(ignored, "round \(round)")
            // A query whose cells come in draw order, with no z-index, and whose leaving elements are
            // the ones told keeps the places it left.
            let plain = steps.allSatisfy {
                if case .looks(let run) = $0 { return run.allSatisfy { $0.zIndex == 0 } }
                if case .element(let a) = $0 { return a.indexPath.section == 0 && a.zIndex == 0 }
                return true
            }
            var handed: [LayoutAttributes] = []
            var afterFollow = false
            var previous = Int.min, ordered = true
            for s in steps {
                switch s {
                case .looks(let run):
                    for l in run {
                        ordered = ordered && l.item >= previous
                        previous = l.item
                    }
                case .element(let a):
                    if afterFollow {
                        handed.append(a)
                    } else {
                        ordered = ordered && a.indexPath.item >= previous
                        previous = a.indexPath.item
                    }
                case .lastFollow: afterFollow = true
                }
            }
            let asTold = handed.map(\.indexPath) == told.map(\.indexPath)
            if plain && ordered && asTold {
                XCTAssert(placesKept, "round \(round): places not kept")
            }
            if placesKept { kept += 1 }
        }
        return (kept, rounds)
    }

    /// A told element that does not come leaves its place taken: an element or a run past the
    /// room the others left (a buffer of exactly the answer) closes the places rather than be
    /// dropped.
    func testElementsPastThePlacesCloseThem() throws {
        func looks(_ items: Range<Int>) -> [CellLook] {
            items.map {
                CellLook(
                    item: $0, frame: Rect(x: Double($0), y: 0, width: 1, height: 1), transform: .turn(cos: 0, sin: 1),
                    alpha: 1, zIndex: 0, isHidden: false)
            }
        }
        let late = LayoutAttributes.cell(IndexPath(section: 0, item: 1), frame: Rect(x: 9, y: 9, width: 1, height: 1))
        // A place left in the second run, then an element past the room; a place left in the first
        // run, then the second run past it.
        for (at, extra) in [(11, [late]), (5, [])] {
            var leaving = LayoutAttributes.cell(
                IndexPath(section: 0, item: at), frame: Rect(x: 0, y: 5, width: 1, height: 1))
            leaving.isDisappearing = true
            for handed in [[], [leaving]] {
                let steps: [Step] =
                    [.looks(looks(0..<12)), .looks(looks(12..<40))] + extra.map { .element($0) } + [.lastFollow]
                    + handed.map { .element($0) }
                var kept = false, ignored = false
                func compare<R: CQueryRecord>(_: R.Type) throws {
                    let capacity = 40 + extra.count + handed.count
                    let got = try records(R.self, steps, told: [leaving], capacity: capacity, placesKept: &kept)
                    let want = try records(R.self, steps, told: nil, capacity: capacity, placesKept: &ignored)
                    XCTAssertEqual(got?.count, capacity)
                    XCTAssert(got?.bytes == want?.bytes, "\(R.self), place at \(at), \(handed.count) handed")
                }
                try compare(cvl_attributes.self)
                try compare(cvl_element.self)
            }
        }
    }

    func testFullRecordsEqualTheMergedOnes() throws {
        let (kept, rounds) = try check(cvl_attributes.self, seed: 0x1457)
        XCTAssertGreaterThan(kept, rounds / 4, "too few rounds kept their places to test them")
    }

    func testCompactRecordsEqualTheMergedOnes() throws {
        let (kept, rounds) = try check(cvl_element.self, seed: 0x2B0C)
        XCTAssertGreaterThan(kept, rounds / 4, "too few rounds kept their places to test them")
    }
}
