import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

/// `TrackTable.largestCoordinate` (what tells a frame that no sum of its interpolation can
/// overflow) against a model: after each track set, the largest of the magnitudes of the origins
/// and of the sizes of both ends of every track set so far, NaN skipped, no longer raised once
/// past 1e300. Random frames of every scale (down to zero and subnormal, up to the doubles' limit
/// and infinity, both signs), with NaN values, tracks replaced and set twice.
final class TrackCoordinateBoundTests: XCTestCase {
    func testBoundIsTheLargestMagnitudeSoFar() {
        var rng = SplitMix64(seed: 0x626f_756e_6431_37)
        func value() -> Double {
            switch rng.int(below: 100) {
            case 0..<4: return .nan
            case 4: return .infinity
            case 5: return 0
            case 6: return Double.leastNonzeroMagnitude
            default:
                let v = Double(
                    sign: .plus, exponent: rng.int(below: 2_050) - 1_024,
                    significand: 1 + Double(rng.next() % 1_000) / 1_000)
                return rng.next() % 2 == 0 ? v : -v
            }
        }
        func attributes(_ item: Int) -> LayoutAttributes {
            var a = LayoutAttributes.cell(IndexPath(section: 0, item: item))
            a.origin.x = value()
            a.origin.y = value()
            a._size.width = value()
            a._size.height = value()
            return a
        }
        var checked = 0, passed1e300 = 0
        for _ in 0..<400 {
            var table = TrackTable()
            var model = 0.0
            for _ in 0..<(1 + rng.int(below: 30)) {
                let item = rng.int(below: 12)
                let from = attributes(item), to = attributes(item)
                table.set(from.key, from: from, to: to)
                if model <= 1e300 {
                    let values = [
                        abs(from.origin.x), abs(from.origin.y), from._size.width, from._size.height,
                        abs(to.origin.x), abs(to.origin.y), to._size.width, to._size.height,
                    ]
                    for v in values where !v.isNaN && v > model { model = v }
                }
                XCTAssertEqual(table.largestCoordinate, model)
                checked += 1
            }
            if model > 1e300 { passed1e300 += 1 }
        }
        XCTAssertGreaterThan(checked, 4_000)
        XCTAssertGreaterThan(passed1e300, 20)
        XCTAssertLessThan(passed1e300, 380)
    }
}
