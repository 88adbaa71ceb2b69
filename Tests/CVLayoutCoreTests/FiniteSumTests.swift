import XCTest

@testable import CVLayoutCore

/// `Point.hasFiniteSum` and `Rect.hasFiniteSum` (the hot paths' quick finiteness test): true only
/// when `isFinite` is, and equal to it unless the finite values' sum overflows.
final class FiniteSumTests: XCTestCase {
    func testAgreesWithIsFiniteUnlessTheSumOverflows() {
        let values: [Double] = [
            0, -0.0, 1, -2.5, 5e-324, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .infinity, -.infinity, .nan,
        ]
        var checked = 0
        for a in values {
            for b in values {
                let p = Point(x: a, y: b)
                let overflows = p.isFinite && !(a + b).isFinite
                XCTAssertEqual(p.hasFiniteSum, p.isFinite && !overflows, "point (\(a), \(b))")
                for c in values {
                    for d in values {
                        let r = Rect(x: a, y: b, width: c, height: d)
                        let s = (a + b) + (c + d)
                        let rOverflows = r.isFinite && !s.isFinite
                        XCTAssertEqual(r.hasFiniteSum, r.isFinite && !rOverflows, "rect \(a) \(b) \(c) \(d)")
                        if r.hasFiniteSum { XCTAssertTrue(r.isFinite) }
                        checked += 1
                    }
                }
            }
        }
        XCTAssertEqual(checked, 12 * 12 * 12 * 12)
    }
}
