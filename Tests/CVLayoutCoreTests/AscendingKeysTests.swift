import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

/// `AscendingKeys` against brute force, and an `ElementTable` adopted without its index
/// (`init?(adopting:indexed: false)`, an animated update's table of what was on screen) against
/// one adopted with it: random runs of keys from a small domain (so that keys repeat), sorted and
/// unique, sorted with repeats, or in any order.
final class AscendingKeysTests: XCTestCase {
    /// Every key of the domain the runs draw from: cells, headers, footers and decorations of
    /// sections 0–2, items 0–5.
    private static let domain: [ElementKey] = {
        var keys: [ElementKey] = []
        for (category, kind) in [
            (ElementCategory.cell, ElementKind.none), (.supplementaryView, .sectionHeader),
            (.supplementaryView, .sectionFooter), (.decorationView, .binder),
        ] {
            for section in 0..<3 {
                for item in 0..<6 {
                    let ip = IndexPath(section: section, item: item)
                    keys.append(ElementKey(category: category, kind: kind, indexPath: ip))
                }
            }
        }
        return keys
    }()

    private func element(_ k: ElementKey, _ tag: Double) -> LayoutAttributes {
        var a = LayoutAttributes(
            indexPath: k.indexPath, category: k.category, kind: k.kind, frame: Rect(x: tag, y: 0, width: 1, height: 1))
        a.alpha = 0.5
        return a
    }

    /// A run of up to 40 elements: strictly ascending keys, ascending with repeats, or shuffled.
    private func run(_ rng: inout SplitMix64) -> [LayoutAttributes] {
        let n = rng.int(below: 41)
        var keys = (0..<n).map { _ in Self.domain[rng.int(below: Self.domain.count)] }
        switch rng.int(below: 3) {
        case 0: keys = Array(Set(keys)).sorted()
        case 1: keys.sort()
        default: break
        }
        return keys.enumerated().map { element($1, Double($0)) }
    }

    func testAscendAndPositionMatchBruteForce() {
        var rng = SplitMix64(seed: 1616)
        var ascendingRuns = 0
        for _ in 0..<2000 {
            let e = run(&rng)
            let brute = zip(e, e.dropFirst()).allSatisfy { $0.key < $1.key }
            let got = e.withUnsafeBufferPointer { AscendingKeys.ascend($0) }
            XCTAssertEqual(got, brute, "\(e.map(\.key))")
            XCTAssertEqual(AscendingKeys.keysIfAscending(e), brute ? e.map(\.key) : nil, "\(e.map(\.key))")
            guard brute else { continue }
            ascendingRuns += 1
            let keys = e.map(\.key)
            for k in Self.domain {
                let want = keys.firstIndex(of: k)
                for hint in [-1, 0, rng.int(below: e.count + 3) - 1, e.count, want ?? 0, (want ?? 0) + 1] {
                    let p = e.withUnsafeBufferPointer { AscendingKeys.position(of: k, in: $0, hint: hint) }
                    XCTAssertEqual(p, want, "key \(k) hint \(hint) in \(keys)")
                    let q = keys.withUnsafeBufferPointer { AscendingKeys.position(of: k, in: $0, hint: hint) }
                    XCTAssertEqual(q, want, "key \(k) hint \(hint) in \(keys)")
                }
            }
        }
        XCTAssertGreaterThan(ascendingRuns, 800)
    }

    func testATableWithoutItsIndexAnswersAsTheIndexedOne() {
        var rng = SplitMix64(seed: 3232)
        var unindexed = 0
        for round in 0..<1500 {
            let e = run(&rng)
            let indexed = ElementTable(adopting: e)
            let searched = ElementTable(adopting: e, indexed: false)
            XCTAssertEqual(indexed == nil, searched == nil, "round \(round)")
            guard var a = indexed, var b = searched else { continue }
            if zip(e, e.dropFirst()).allSatisfy({ $0.key < $1.key }) { unindexed += 1 }
            func same(_ what: String) {
                XCTAssertEqual(a.keys, b.keys, "round \(round) \(what)")
                XCTAssertEqual(a.elements.map(\.origin.x), b.elements.map(\.origin.x), "round \(round) \(what)")
                for k in Self.domain {
                    XCTAssertEqual(a.position(of: k), b.position(of: k), "round \(round) \(what) key \(k)")
                    XCTAssertEqual(a[k]?.origin.x, b[k]?.origin.x, "round \(round) \(what) key \(k)")
                }
            }
            same("adopted")
            // Identifiers stamped in place (what `onScreen` does), then changes: each table the same.
            for i in 0..<a.count {
                a.setIdentifier(at: i, UInt64(i))
                b.setIdentifier(at: i, UInt64(i))
            }
            same("stamped")
            for step in 0..<rng.int(below: 6) {
                let k = Self.domain[rng.int(below: Self.domain.count)]
                let x = element(k, Double(100 + step))
                if rng.int(below: 2) == 0 {
                    XCTAssertEqual(a.insertIfAbsent(x, for: k), b.insertIfAbsent(x, for: k), "round \(round)")
                } else {
                    a[k] = x
                    b[k] = x
                }
                same("step \(step)")
            }
        }
        XCTAssertGreaterThan(unindexed, 400)
    }
}
