/// Everything the host needs to draw one element: `UICollectionViewLayoutAttributes` as a value.
///
/// `frame`, `center` and `size` are the element's untransformed geometry, kept consistent as in
/// UIKit: setting `frame` sets both others, setting `center` moves the element, setting `size`
/// resizes it about its centre. The frame is what is stored, so the frame a rect query tested is
/// bit for bit the frame the host receives (the centre carries the rounding instead).
/// `transform` applies about `center` (Core Animation's default anchor point), so the drawn quad
/// is the four corners of `frame` mapped through it.
public struct LayoutAttributes: Hashable, Sendable {
    // (The stored properties are declared in the order that puts what an animation frame reads
    // of a track's start — frame, alpha, z-index, hidden — within 56 bytes of each other, the
    // flags in the padding before `kind`: 288 bytes in all, as before.)
    public var indexPath: IndexPath
    public var category: ElementCategory
    public var isHidden: Bool = false
    /// Set by the engine on elements it returns during an animation that are going away:
    /// deleted (or reloaded: the old instance) in a batch update, or absent from the new layout
    /// in a layout switch. Their index path is the one from before the change, so the host draws
    /// them with its old data; they are not returned once the animation ends. False everywhere
    /// else, and ignored on attributes a layout returns.
    public var isDisappearing: Bool = false
    /// `.none` for cells; the supplementary or decoration kind otherwise.
    public var kind: ElementKind
    /// The frame's origin (stored; see `frame`).
    public var origin: Point
    /// The untransformed size. Setting it keeps `center` where it is.
    public var size: Size {
        get { _size }
        set {
            let c = center
            _size = newValue
            origin = Point(x: c.x - newValue.width / 2, y: c.y - newValue.height / 2)
        }
    }
    @usableFromInline var _size: Size
    /// The centre of the frame. Setting it keeps the size.
    public var center: Point {
        get { Point(x: origin.x + _size.width / 2, y: origin.y + _size.height / 2) }
        set { origin = Point(x: newValue.x - _size.width / 2, y: newValue.y - _size.height / 2) }
    }
    /// Opacity, 0 ... 1. Default 1.
    public var alpha: Double = 1
    /// Draw order: higher draws on top. Default 0.
    public var zIndex: Int = 0
    public var transform: Transform3D = .identity
    /// The identifier of the element's record, set by the collection view on what it returns when
    /// it has identifiers (`CollectionView.identities`): a cell's item identifier, a supplementary
    /// or decoration view's section identifier. A disappearing element keeps the identifier it
    /// had before the change. Nil otherwise; ignored on attributes a layout returns.
    public var identifier: UInt64?
    public var custom = CustomAttributes()

    public init(
        indexPath: IndexPath, category: ElementCategory = .cell, kind: ElementKind = .none,
        frame: Rect = .zero
    ) {
        self.indexPath = indexPath
        self.category = category
        self.kind = kind
        self.origin = frame.origin
        self._size = frame.size
    }

    /// `layoutAttributesForCellWithIndexPath:`.
    public static func cell(_ indexPath: IndexPath, frame: Rect = .zero) -> LayoutAttributes {
        LayoutAttributes(indexPath: indexPath, category: .cell, kind: .none, frame: frame)
    }
    /// `layoutAttributesForSupplementaryViewOfKind:withIndexPath:`.
    public static func supplementary(
        _ kind: ElementKind, _ indexPath: IndexPath, frame: Rect = .zero
    ) -> LayoutAttributes {
        LayoutAttributes(indexPath: indexPath, category: .supplementaryView, kind: kind, frame: frame)
    }
    /// `layoutAttributesForDecorationViewOfKind:withIndexPath:`.
    public static func decoration(_ kind: ElementKind, _ indexPath: IndexPath, frame: Rect = .zero) -> LayoutAttributes
    {
        LayoutAttributes(indexPath: indexPath, category: .decorationView, kind: kind, frame: frame)
    }

    /// The untransformed frame (`center ± size/2`). Setting it sets `center` and `size`.
    public var frame: Rect {
        get { Rect(origin: origin, size: _size) }
        set { origin = newValue.origin; _size = newValue.size }
    }

    /// Identifies the element across layouts and animations: category, kind and index path.
    public var key: ElementKey { ElementKey(category: category, kind: kind, indexPath: indexPath) }

    /// The four corners of `frame` as drawn (through `transform`, with the perspective divide),
    /// in the order top-left, top-right, bottom-right, bottom-left; nil if a corner is behind
    /// the eye.
    public var drawnQuad: [Point]? {
        if transform.isIdentity {
            let f = frame
            return [
                Point(x: f.minX, y: f.minY), Point(x: f.maxX, y: f.minY),
                Point(x: f.maxX, y: f.maxY), Point(x: f.minX, y: f.maxY),
            ]
        }
        let hw = size.width / 2, hh = size.height / 2
        var out: [Point] = []
        for (x, y) in [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)] {
            guard let p = transform.project(x, y) else { return nil }
            out.append(Point(x: center.x + p.x, y: center.y + p.y))
        }
        return out
    }

    /// The bounding box of the drawn quad (the frame itself when untransformed).
    /// The same corners as `drawnQuad`, without building arrays (every animation frame asks it of
    /// every transformed element on screen).
    public var drawnBounds: Rect { Self.drawnBounds(frame: frame, transform: transform) }

    /// `drawnBounds` of an element with this frame and transform.
    @inline(__always)
    static func drawnBounds(frame: Rect, transform: Transform3D) -> Rect {
        guard !transform.isIdentity else { return frame }
        let size = frame.size
        let center = Point(x: frame.origin.x + size.width / 2, y: frame.origin.y + size.height / 2)
        let hw = size.width / 2, hh = size.height / 2
        guard let a = transform.project(-hw, -hh), let b = transform.project(hw, -hh),
            let c = transform.project(hw, hh), let d = transform.project(-hw, hh)
        else { return frame }
        let x0 = Swift.min(a.x, b.x, c.x, d.x), x1 = Swift.max(a.x, b.x, c.x, d.x)
        let y0 = Swift.min(a.y, b.y, c.y, d.y), y1 = Swift.max(a.y, b.y, c.y, d.y)
        // As the quad's points: centre + corner, then the extent between the extreme points.
        let left = center.x + x0, top = center.y + y0
        return Rect(x: left, y: top, width: (center.x + x1) - left, height: (center.y + y1) - top)
    }

    /// Whether the drawn element covers `p` (respects the transform; hidden or fully
    /// transparent elements cover nothing).
    public func covers(_ p: Point) -> Bool {
        guard !isHidden, alpha > 0 else { return false }
        if transform.isIdentity { return frame.contains(p) }
        guard let local = transform.unproject(Point(x: p.x - center.x, y: p.y - center.y)) else { return false }
        return abs(local.x) <= size.width / 2 && abs(local.y) <= size.height / 2
    }

    /// True when every number is finite and the size is not negative: what the engine checks
    /// on attributes produced by code it does not own (callbacks).
    public var isValid: Bool {
        Self.isValid(frame: frame, transform: transform, alpha: alpha) && (custom.count == 0 || custom.isFinite)
    }

    /// `isValid` of attributes with this frame, transform and alpha and no custom slots: every
    /// number finite (the frame's centre too), the size not negative. Branch-free but for the
    /// result: `x * 0` is 0 for a finite `x` and NaN for ±∞ and NaN, so a sum of such products is
    /// 0 exactly when every value is finite (the same test as `isFinite`, in one expression).
    @inline(__always)
    static func isValid(frame f: Rect, transform m: Transform3D, alpha: Double) -> Bool {
        let x = f.origin.x, y = f.origin.y, w = f.size.width, h = f.size.height
        let cx = x + w / 2, cy = y + h / 2
        let g = (x * 0 + y * 0) + (w * 0 + h * 0) + (cx * 0 + cy * 0) + alpha * 0
        let m1 = (m.m11 * 0 + m.m12 * 0) + (m.m13 * 0 + m.m14 * 0) + (m.m21 * 0 + m.m22 * 0) + (m.m23 * 0 + m.m24 * 0)
        let m2 = (m.m31 * 0 + m.m32 * 0) + (m.m33 * 0 + m.m34 * 0) + (m.m41 * 0 + m.m42 * 0) + (m.m43 * 0 + m.m44 * 0)
        return (g + (m1 + m2)) == 0 && w >= 0 && h >= 0
    }

    /// `isValid(frame:transform:alpha:)` for a finite transform (its products with 0 then add
    /// 0): the frame, its centre and alpha finite, the size not negative.
    @inline(__always)
    static func isValid(frame f: Rect, alpha: Double) -> Bool {
        let x = f.origin.x, y = f.origin.y, w = f.size.width, h = f.size.height
        let cx = x + w / 2, cy = y + h / 2
        let g = (x * 0 + y * 0) + (w * 0 + h * 0) + (cx * 0 + cy * 0) + alpha * 0
        return g == 0 && w >= 0 && h >= 0
    }

    /// These attributes with the frame, transform, alpha, z-index and hidden given and no custom
    /// slots (`ElementSink.storeElement(like:…)`'s element).
    @inline(__always)
    func with(
        frame: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) -> LayoutAttributes {
        var r = self
        r.frame = frame
        r.transform = transform
        r.alpha = alpha
        r.zIndex = zIndex
        r.isHidden = isHidden
        r.custom = CustomAttributes()
        return r
    }

    /// The documented draw order: z-index, then category, then kind, then index path.
    /// Elements earlier in this order are drawn first (underneath).
    @inline(__always)
    public static func drawsBefore(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
        if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
        if a.category != b.category { return a.category < b.category }
        if a.kind != b.kind { return a.kind < b.kind }
        return a.indexPath < b.indexPath
    }

    /// `drawsBefore` with cells of equal z-index ordered by `cellRank(center)` before their
    /// index paths (`CollectionViewLayout.cellDrawRank`).
    public static func drawsBefore(
        _ a: LayoutAttributes, _ b: LayoutAttributes,
        cellRank: (Point) -> Double
    ) -> Bool {
        if a.zIndex == b.zIndex, a.category == .cell, b.category == .cell {
            let ra = cellRank(a.center), rb = cellRank(b.center)
            if ra != rb { return ra < rb }
        }
        return drawsBefore(a, b)
    }
}

/// An element's identity: what stays the same when its attributes change.
public struct ElementKey: Hashable, Sendable, Comparable {
    public var category: ElementCategory
    public var kind: ElementKind
    public var indexPath: IndexPath
    public init(category: ElementCategory, kind: ElementKind, indexPath: IndexPath) {
        self.category = category; self.kind = kind; self.indexPath = indexPath
    }
    public static func < (a: ElementKey, b: ElementKey) -> Bool {
        if a.category != b.category { return a.category < b.category }
        if a.kind != b.kind { return a.kind < b.kind }
        return a.indexPath < b.indexPath
    }
    /// One word fed to the hasher instead of four: animations look every on-screen element up
    /// by key on every frame, and hashing was the largest cost of a frame. Equality stays exact
    /// (synthesized); this only mixes the fields (odd multipliers, then a rotation) so keys that
    /// differ in one field still spread.
    public func hash(into hasher: inout Hasher) {
        var h = UInt64(bitPattern: Int64(indexPath.item)) &* 0x9E37_79B9_7F4A_7C15
        h = (h << 31 | h >> 33) ^ UInt64(bitPattern: Int64(indexPath.section)) &* 0xC2B2_AE3D_27D4_EB4F
        h = (h << 29 | h >> 35) ^ (UInt64(UInt32(bitPattern: kind.rawValue)) << 2 | UInt64(category.rawValue))
        hasher.combine(h)
    }
}

extension Array where Element == LayoutAttributes {
    /// Sorts into the documented draw order (stable, O(k) when already in order).
    public mutating func sortIntoDrawOrder() {
        var sorted = true
        var i = 1
        while i < count { if LayoutAttributes.drawsBefore(self[i], self[i - 1]) { sorted = false; break }; i += 1 }
        if !sorted { sort(by: LayoutAttributes.drawsBefore) }
    }
}
