// cos, sin, acos, asin from the platform C library, not Foundation: the static library then carries only
// the Swift core runtime (see README, "Install").
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The circle layout of "iOS : Working with collection view layouts" (step 4,
/// `CollectionViewCircleLayout`): the items of section 0 sit evenly spaced on a circle, the
/// first at the top, going clockwise, each rotated to face outwards.
///
/// From the seed's `prepareLayout`, `collectionViewContentSize` and
/// `layoutAttributesForItemAtIndexPath:`:
///
///     center = (width / 2, height / 2)                 // of the collection view's bounds size
///     radius = MIN(width, height) / 2.5                // stored in an NSInteger: truncated
///     item i of n: size   = itemSize (kItemDimension = 60 × 60)
///                  center = center + radius · (cos(2πi/n − π/2), sin(2πi/n − π/2))
///                  transform3D = CATransform3DMakeRotation(2πi/n, 0, 0, 1)
///     content size = bounds size
///
/// - The radius is truncated to a whole number, as in the seed, which stores it in an
///   `NSInteger`: `radius = ⌊min(w, h) / 2.5⌋` (bounds sizes are never negative). A 320 × 480
///   view gets 128, a 321-point-wide one 128 too (128.4 truncated). The value is kept as a
///   `Double` rounded toward zero, so huge bounds cannot overflow an `Int`.
/// - The seed computes positions with `cosf`/`sinf` (single precision); this layout uses
///   `Double` throughout, so positions can differ from the seed's in the 6th significant digit.
///   It works the centre out as `center + radius · (sin a, −cos a)`, the same point, and an item
///   past the half turn as the mirror image of item `n − i` (`place`): one sine and cosine for
///   two items, each value within an ulp or two of the exact one.
/// - The circle is centred on the bounds *size* in content coordinates (the content is exactly
///   one viewport), whatever the content offset.
/// - Items of other sections get no attributes (the seed only reads section 0).
/// - The seed's `layoutAttributesForElementsInRect:` returns every item; this one returns the
///   items whose untransformed `frame` intersects the rect (the engine's rule for every layout;
///   the rotation is not taken into account, as in UIKit).
/// - No custom attribute slots.
///
/// The layout is invalidated when the bounds size changes, not when they only move.
public final class CircleLayout: CellsOnlyLayout {
    /// No appear hook is overridden: an animation's set-up need not ask it.
    override var appearsWithoutAttributes: Bool { true }

    /// The size of every item (`kItemDimension` × `kItemDimension` in the seed). Default 60 × 60.
    /// Set it with `setItemSize(_:)`.
    public private(set) var itemSize = Size(width: 60, height: 60)

    /// The circle's centre, from the last `prepare()`.
    public private(set) var center = Point.zero
    /// The circle's radius, from the last `prepare()`: `⌊min(width, height) / 2.5⌋`.
    public private(set) var radius = 0.0
    /// How many items are on the circle (section 0's count), from the last `prepare()`.
    public private(set) var cellCount = 0
    private var contentSize = Size.zero
    /// Each item's centre and the cosine and sine of its turn, `(cx, cy, c, s)` four at a time, worked
    /// out at the first query after `prepare()` that covers at least half the items when there
    /// are at most `tableLimit` (empty otherwise): a layout that puts every item on screen answers
    /// every rect query, and each animation frame of it, without four trigonometric calls an
    /// item. The same values bit for bit (`attributes(_:)`).
    private var table: [Double] = []
    /// The most items the table is kept for (`CollectionView.maxAnimatedElements`: 4 MiB).
    static let tableLimit = 1 << 17

    public override init() { super.init() }

    /// Sets `itemSize` and invalidates the attached collection view.
    /// - Throws: `LayoutError.invalidArgument` when a dimension is negative, NaN or infinite
    ///   (the layout is left unchanged).
    public func setItemSize(_ size: Size) throws {
        guard size.isValidExtent else {
            throw LayoutError.invalid(
                "CircleLayout item_size \(size.width)x\(size.height) must be finite and non-negative")
        }
        itemSize = size
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// The seed's radius rule: `MIN(w, h) / 2.5` stored in an `NSInteger`, i.e. truncated
    /// toward zero. Non-finite or negative sizes give 0.
    /// - Complexity: O(1).
    public static func radius(forBoundsSize size: Size) -> Double {
        let m = Swift.min(size.width, size.height)
        guard m.isFinite, m > 0 else { return 0 }
        return (m / 2.5).rounded(.towardZero)
    }

    // MARK: The layout cycle

    /// Reads the bounds size and section 0's count.
    /// - Complexity: O(1).
    public override func prepare() throws {
        let size = collectionView?.boundsSize ?? .zero
        guard size.isValidExtent else {
            throw LayoutError.invalid(
                "CircleLayout: bounds size \(size.width)x\(size.height) must be finite and non-negative")
        }
        center = Point(x: size.width / 2, y: size.height / 2)
        radius = Self.radius(forBoundsSize: size)
        cellCount = numberOfItems(inSection: 0)
        contentSize = size
        table = []
    }

    /// The bounds size.
    public override func collectionViewContentSize() throws -> Size { contentSize }

    /// The attributes of item `i` of section 0 (no range check): from `table` when it is made.
    private func attributes(_ i: Int) -> LayoutAttributes {
        if !table.isEmpty {
            return table.withUnsafeBufferPointer { t in
                Self.attributes(i, size: itemSize, cx: t[4 * i], cy: t[4 * i + 1], c: t[4 * i + 2], s: t[4 * i + 3])
            }
        }
        let p = place(i)
        return Self.attributes(i, size: itemSize, cx: p.cx, cy: p.cy, c: p.c, s: p.s)
    }

    /// Item `i`'s centre and the cosine and sine of its turn `2πi/n` (`place(_:of:center:radius:)`).
    @inline(__always)
    private func place(_ i: Int) -> (cx: Double, cy: Double, c: Double, s: Double) {
        Self.place(i, of: cellCount, center: center, radius: radius)
    }

    /// `place` of item `i` of `n` on the circle of `center` and `radius`: the centre
    /// `center + radius · (cos(a − π/2), sin(a − π/2))` and the turn's `(cos a, sin a)` at
    /// `a = 2πi/n`, from one sine and cosine:
    /// - `cos(a − π/2) = sin a` and `sin(a − π/2) = −cos a`, so the centre is
    ///   `(center.x + radius · sin a, center.y − radius · cos a)`;
    /// - an item past the half turn (`2i > n`) is the mirror image of item `n − i` across the
    ///   vertical through the centre: the same cosine, the sine negated (`2π − a` in place of `a`).
    ///
    /// The angle is worked out only up to π, where it is most exact, and is never shifted by π/2,
    /// which rounded the argument of the seed's form; items `i` and `n − i` are exact mirror images,
    /// as on the drawn circle. Each value is within a unit in the last place or two of the exact one
    /// (`SineAndCosineTests` checks the places against 64-bit-mantissa arithmetic). O(1).
    @inline(__always)
    static func place(
        _ i: Int, of n: Int, center: Point, radius: Double
    ) -> (
        cx: Double, cy: Double, c: Double, s: Double
    ) {
        let mirrored = 2 * i > n
        let turn = sineAndCosine(2 * Double.pi * Double(mirrored ? n - i : i) / Double(n))
        return place(center: center, radius: radius, cos: turn.cos, sin: mirrored ? -turn.sin : turn.sin)
    }

    /// The centre and turn of an item whose turn has cosine `c` and sine `s` (`place`'s one formula,
    /// which the table of places shares).
    @inline(__always)
    private static func place(
        center: Point, radius: Double, cos c: Double, sin s: Double
    ) -> (cx: Double, cy: Double, c: Double, s: Double) {
        (center.x + radius * s, center.y - radius * c, c, s)
    }

    /// The attributes of item `i` at centre `(cx, cy)`, turned by the angle of cosine `c` and sine
    /// `s`: `Transform3D.rotation(angle, 0, 0, 1)` as `Transform3D.turn(cos:sin:)` writes it, the
    /// same matrix bit for bit.
    @inline(__always)
    static func attributes(_ i: Int, size: Size, cx: Double, cy: Double, c: Double, s: Double) -> LayoutAttributes {
        var a = LayoutAttributes.cell(IndexPath(section: 0, item: i), frame: frame(size: size, cx: cx, cy: cy))
        a.transform = .turn(cos: c, sin: s)
        return a
    }

    /// The frame of an item of size `size` centred at `(cx, cy)`: what setting `size` and then
    /// `center` on a cell's attributes makes (the origin `centre − size / 2`).
    @inline(__always)
    static func frame(size: Size, cx: Double, cy: Double) -> Rect {
        Rect(origin: Point(x: cx - size.width / 2, y: cy - size.height / 2), size: size)
    }

    /// Makes `table` when a query meets at least half of the items and there are at most
    /// `tableLimit`. O(n) once after each `prepare()`, then O(1) an item.
    private func makeTableIfWorthIt(covering k: Int) {
        let n = cellCount
        guard table.isEmpty, n > 0, n <= Self.tableLimit, 2 * k >= n else { return }
        // Each value written once (no zeroing first: 3.2 MB at 10^5 items).
        // One sine and cosine for item i and its mirror image n − i (`place`).
        let (o, r) = (center, radius)
        table = [Double](unsafeUninitializedCapacity: 4 * n) { t, count in
            for i in 0...(n / 2) {
                let p = place(i)
                (t[4 * i], t[4 * i + 1], t[4 * i + 2], t[4 * i + 3]) = (p.cx, p.cy, p.c, p.s)
                let m = n - i
                if m > i, m < n {
                    let q = Self.place(center: o, radius: r, cos: p.c, sin: -p.s)
                    (t[4 * m], t[4 * m + 1], t[4 * m + 2], t[4 * m + 3]) = (q.cx, q.cy, q.c, q.s)
                }
            }
            count = 4 * n
        }
    }

    /// - Complexity: O(1).
    public override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < cellCount else { return nil }
        return attributes(indexPath.item)
    }

    /// Each item is its frame rotated about its centre: drawn within half its diagonal of the
    /// centre, so no farther than that outside its frame. A hit test then searches the items
    /// whose centres lie in a box around the point: an angular range (`candidateRanges`).
    public override var drawnReach: Double? {
        (itemSize.width * itemSize.width + itemSize.height * itemSize.height).squareRoot() / 2
    }

    /// Hands `sink` the items whose frame intersects `rect`.
    ///
    /// Item centres lie on the circle, and a frame intersects `rect` exactly when its centre lies
    /// in `rect` grown by half the item size. The circle meets that box in at most four arcs,
    /// found from the box edges' crossing angles; only the items whose angles fall in those arcs
    /// (widened by a small margin against rounding) are tested.
    /// - Complexity: O(k) for k items returned, plus O(1); the first query after `prepare()` whose
    ///   candidate ranges hold at least half of at most 2¹⁷ items also makes the table of places:
    ///   O(n) ≤ O(2k) once.
    public override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        let n = cellCount
        guard n > 0, rect.isFinite, rect.width > 0, rect.height > 0,
            itemSize.width > 0, itemSize.height > 0
        else { return }
        let ranges = candidateRanges(rect)
        let candidates = ranges.reduce(0) { $0 + $1.count }
        makeTableIfWorthIt(covering: candidates)
        // Every item is a default cell but for its frame and turn, handed over in runs
        // (`turnedCells`: nothing built for it). Its numbers are within `reach` of 0: when that is
        // at most 1e300 every one is finite (sines and cosines are at most 1), so the sink may be
        // told a bound.
        let size = itemSize
        let reach = Swift.max(abs(center.x), abs(center.y)) + radius + size.width + size.height
        // Then every item handed over exists in the sink's counts, too (each is below n).
        let itemsExist = sink.counts.map({ !$0.isEmpty && $0[0] >= n }) ?? true
        if sink.wantsBound, reach <= 1e300, itemsExist {
            sink.expect(cellsOf: 0, items: ranges, framesWithin: reach)
        }
        // Every cell passes the sink's check (`turnedCells(section:_:valid:)`): its item exists, its
        // numbers (within `reach` of 0, the size positive) are finite.
        let valid = reach <= 1e300 && itemsExist
        let runLength = 256
        try withUnsafeTemporaryAllocation(of: TurnedCell.self, capacity: runLength) { run in
            var k = 0
            @inline(__always) func add(_ i: Int, cx: Double, cy: Double, c: Double, s: Double) throws {
                let f = Self.frame(size: size, cx: cx, cy: cy)
                guard rect.intersects(f) else { return }
                run[k] = TurnedCell(item: i, frame: f, cos: c, sin: s)
                k += 1
                if k == runLength {
                    try sink.turnedCells(section: 0, UnsafeBufferPointer(rebasing: run[0..<k]), valid: valid)
                    k = 0
                }
            }
            if !table.isEmpty {
                try table.withUnsafeBufferPointer { t in
                    for range in ranges {
                        for i in range {
                            try add(i, cx: t[4 * i], cy: t[4 * i + 1], c: t[4 * i + 2], s: t[4 * i + 3])
                        }
                    }
                }
            } else {
                for range in ranges {
                    for i in range {
                        let p = place(i)
                        try add(i, cx: p.cx, cy: p.cy, c: p.c, s: p.s)
                    }
                }
            }
            if k > 0 { try sink.turnedCells(section: 0, UnsafeBufferPointer(rebasing: run[0..<k]), valid: valid) }
        }
    }

    /// Index ranges (sorted, disjoint) that contain every item whose frame may intersect `rect`.
    private func candidateRanges(_ rect: Rect) -> [Range<Int>] {
        let n = cellCount
        let hw = itemSize.width / 2, hh = itemSize.height / 2
        let (cx, cy, r) = (center.x, center.y, radius)
        // The box the centre must lie in, clipped to the circle's neighbourhood so that its
        // coordinates have the circle's scale.
        var x0 = rect.minX - hw, x1 = rect.maxX + hw, y0 = rect.minY - hh, y1 = rect.maxY + hh
        x0 = Swift.max(x0, cx - r - 1); x1 = Swift.min(x1, cx + r + 1)
        y0 = Swift.max(y0, cy - r - 1); y1 = Swift.min(y1, cy + r + 1)
        guard x0 < x1, y0 < y1 else { return [] }
        // Radius 0: every item has the same frame.
        guard r > 0 else { return rect.intersects(attributes(0).frame) ? [0..<n] : [] }
        let delta = 1e-12 * Swift.max(1, r, abs(cx), abs(cy))

        // Crossing angles of the circle with the box grown by delta.
        let twoPi = 2 * Double.pi
        func norm(_ t: Double) -> Double {
            var t = t.truncatingRemainder(dividingBy: twoPi); if t < 0 { t += twoPi }; return t
        }
        var angles: [Double] = [0, twoPi]
        for a in [x0 - delta, x1 + delta] {
            let u = (a - cx) / r
            if u >= -1, u <= 1 { let t = acos(u); angles.append(norm(t)); angles.append(norm(-t)) }
        }
        for b in [y0 - delta, y1 + delta] {
            let v = (b - cy) / r
            if v >= -1, v <= 1 { let t = asin(v); angles.append(norm(t)); angles.append(norm(Double.pi - t)) }
        }
        angles.sort()
        // Arcs whose midpoint lies in the box grown by 2·delta (robust to rounding).
        let g = 2 * delta
        var ranges: [(Int, Int)] = []
        let nd = Double(n)
        for k in 1..<angles.count where angles[k] > angles[k - 1] {
            let (a0, a1) = (angles[k - 1], angles[k])
            let mid = (a0 + a1) / 2
            let px = cx + r * cos(mid), py = cy + r * sin(mid)
            guard px > x0 - g, px < x1 + g, py > y0 - g, py < y1 + g else { continue }
            // Item i sits at angle 2πi/n − π/2, i.e. i = (θ + π/2)·n / 2π.
            let lo = ((a0 + Double.pi / 2) * nd / twoPi).rounded(.down) - 1
            let hi = ((a1 + Double.pi / 2) * nd / twoPi).rounded(.up) + 1
            if hi - lo + 1 >= nd { return [0..<n] }
            // lo, hi ∈ [-1, 1.25n + 2]: safe to convert.
            let l = Int(lo), h = Int(hi) + 1  // half-open [l, h), may wrap past n or below 0
            let lm = ((l % n) + n) % n
            let len = h - l
            if lm + len <= n {
                ranges.append((lm, lm + len))
            } else {
                ranges.append((lm, n)); ranges.append((0, lm + len - n))
            }
        }
        ranges.sort { $0.0 < $1.0 }
        var merged: [Range<Int>] = []
        for (l, h) in ranges {
            if let last = merged.last, l <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<Swift.max(last.upperBound, h)
            } else {
                merged.append(l..<h)
            }
        }
        return merged
    }

    // MARK: Invalidation

    /// True when the size changes; a scroll keeps the layout.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size != (collectionView?.boundsSize ?? .zero)
    }

    /// A size change moves every item.
    public override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        .layoutAttributes
    }
}
