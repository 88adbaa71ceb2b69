/// The Cover Flow layout (Furrow ch. 4, "Going Beyond Grids", `AFCoverFlowFlowLayout`,
/// Listings 4.29–4.32, after Mark Pospesel's): a one-row horizontal flow whose cells turn
/// towards the viewer as they near the centre of the visible rect, with a perspective
/// transform, a zoom and a grey mask, and which comes to rest with a cell centred.
///
/// ## What each piece implements
/// - `init` — Listing 4.30: horizontal scrolling, `itemSize` 180 × 180,
///   `minimumLineSpacing` −60 (columns overlap: each advances 120), `minimumInteritemSpacing`
///   200 (one row in portrait). The seed returns its insets from `insetForSectionAt`
///   (Listing 4.27: (0, 70, 0, 70) in portrait, i.e. (320 − 180)/2); here they are derived from
///   the bounds by default (`derivesInsetsFromBounds`: one vertically centred row whatever the
///   height, first and last cover reachable at the centre), and the host's insets win when set.
/// - Constants — the listing's `#define`s are `parameters` (settable, validated), so the layout
///   works in other units (terminal cells). Draw order — z-index 1 / 0 as in the seed; equal
///   z-indexes nearest-last (`cellDrawRank`). See docs/cover-flow.md.
/// - Cells — Listing 4.31 (`applyLayoutAttributes:forVisibleRect:`), applied to every cell of
///   the rect and single-item queries, with `visibleRect` = the collection view's bounds
///   (content offset + size) *at query time*. Supplementary views are skipped.
///
///       distance = visibleRect.midX − center.x;  normalized = distance / ACTIVE_DISTANCE
///       isLeft = distance > 0;  sign = isLeft ? 1 : −1
///       |distance| < ACTIVE_DISTANCE:
///           t = CATransform3DTranslate(identity, (isLeft ? −FLOW_OFFSET : FLOW_OFFSET)
///                                                · |distance / TRANSLATE_DISTANCE|, 0,
///                                      (1 − |normalized|) · 40000 + (isLeft ? 200 : 0))
///           t.m34 = −1 / (4.6777 · itemSize.width)
///           t = CATransform3DRotate(t, sign · |normalized| · 45°, 0, 1, 0)
///           t = CATransform3DScale(t, zoom, zoom, 1),  zoom = 1 + ZOOM_FACTOR · (1 − |normalized|)
///           zIndex 1;  mask = INACTIVE_GREY_VALUE + ratioToCenter · (−INACTIVE_GREY_VALUE),
///           ratioToCenter = (ACTIVE_DISTANCE − |distance|) / ACTIVE_DISTANCE
///       else:
///           t = identity;  t.m34 = −1 / (4.6777 · itemSize.width)
///           t = CATransform3DTranslate(t, isLeft ? −FLOW_OFFSET : FLOW_OFFSET, 0, 0)
///           t = CATransform3DRotate(t, sign · 45°, 0, 1, 0)
///           zIndex 0;  mask = INACTIVE_GREY_VALUE
///
///   The seed's `float` constants (`0.2f`, `4.6777f`, `fabsf`) are computed in `Double` here.
///   The perspective uses the layout's `itemSize.width`, as in the listing, whatever size the
///   delegate gives; with a zero width (no finite perspective) `m34` is left at 0.
/// - Scrolling — Listing 4.30 answers YES to `shouldInvalidateLayoutForBoundsChange:` so the
///   transforms follow every scroll. Here they are computed at query time from the current
///   visible rect, so a scroll (offset change, same size) invalidates with `.boundsOnly`: the
///   collection view runs a new cycle but the flow keeps its lines (no size is asked again). A
///   size change gets the flow layout's own context (re-positioning when the cross size —
///   the height — changes).
/// - Snapping — Listing 4.32: among the cells in the proposed visible rect
///   (proposed.x, 0, bounds width, bounds height), the one whose centre is closest to the
///   proposed horizontal centre is centred: (proposed.x + adjustment, proposed.y). When no cell
///   is in that rect the proposed offset is returned unchanged (the listing would add its
///   `MAXFLOAT` sentinel).
///
/// ## Custom attributes (Listing 4.29's `AFCollectionViewLayoutAttributes`)
/// - slot 0: `maskingValue`, the alpha of the black mask drawn over the cell: 0 at the centre,
///   `INACTIVE_GREY_VALUE` (0.6) at `ACTIVE_DISTANCE` and beyond. Interpolated.
/// - slot 1: `shouldRasterize`, always 1 (YES) on cells. Interpolated (it never changes).
open class CoverFlowLayout: FlowLayout {
    /// The listing's constants, settable so the layout works in any unit (points, terminal
    /// cells). Defaults: the seed's values.
    public struct Parameters: Hashable, Sendable {
        /// `ACTIVE_DISTANCE`: within this distance of the visible centre a cell turns. > 0.
        public var activeDistance = 100.0
        /// `TRANSLATE_DISTANCE`: the distance over which the sideways offset grows to
        /// `flowOffset`. > 0.
        public var translateDistance = 100.0
        /// `ZOOM_FACTOR`: extra scale of the centred cell (1 + 0.2 at the centre). ≥ 0.
        public var zoomFactor = 0.2
        /// `FLOW_OFFSET`: sideways offset of the turned cells (the cover spacing effect).
        public var flowOffset = 40.0
        /// `INACTIVE_GREY_VALUE`: mask alpha of cells away from the centre, in [0, 1].
        public var inactiveGreyValue = 0.6
        /// The turn of a side cover, radians (the listing's 45°). In [0, π/2].
        public var maximumAngle = Double.pi / 4
        /// The listing's perspective constant: `m34 = −1 / (perspectiveFactor · itemSize.width)`. > 0.
        public var perspectiveFactor = 4.6777
        /// Whether a zero `sectionInset` means "derive the insets from the bounds" (see
        /// `CoverFlowLayout.derivesInsetsFromBounds`). Default true: the seed's geometry on its
        /// own viewports (Listing 4.27's insets are these), and a usable one on any other.
        public var derivesInsetsFromBounds = true
        public init() {}

        /// Throws `.invalidArgument` for a value outside its range or not finite.
        public func validate() throws {
            for (name, v, ok) in [
                ("activeDistance", activeDistance, activeDistance > 0),
                ("translate_distance", translateDistance, translateDistance > 0),
                ("zoom_factor", zoomFactor, zoomFactor >= 0),
                ("flow_offset", flowOffset, true),
                ("inactive_grey_value", inactiveGreyValue, inactiveGreyValue >= 0 && inactiveGreyValue <= 1),
                ("maximum_angle", maximumAngle, maximumAngle >= 0 && maximumAngle <= Double.pi / 2),
                ("perspective_factor", perspectiveFactor, perspectiveFactor > 0),
            ]
            where !(v.isFinite && ok && abs(v) <= FlowLayout.maxMagnitude) {
                throw LayoutError.invalid("cover flow \(name) \(v) is out of range")
            }
        }
    }

    /// `ACTIVE_DISTANCE` of the seed (`Parameters().activeDistance`).
    public static let activeDistance = Parameters().activeDistance
    /// `TRANSLATE_DISTANCE` of the seed.
    public static let translateDistance = Parameters().translateDistance
    /// `ZOOM_FACTOR` of the seed.
    public static let zoomFactor = Parameters().zoomFactor
    /// `FLOW_OFFSET` of the seed.
    public static let flowOffset = Parameters().flowOffset
    /// `INACTIVE_GREY_VALUE` of the seed.
    public static let inactiveGreyValue = Parameters().inactiveGreyValue
    /// The seed's perspective constant.
    public static let perspectiveFactor = Parameters().perspectiveFactor

    /// The constants in use (see `setParameters`).
    public private(set) var parameters = Parameters()

    /// Sets the constants. Invalidates the layout: only the query-time transforms when just the
    /// listing's constants change; everything when `derivesInsetsFromBounds` changes (the insets).
    /// - Throws: `.invalidArgument` (nothing changes) for a value `Parameters.validate` rejects.
    public func setParameters(_ p: Parameters) throws {
        try p.validate()
        let insetsChange = p.derivesInsetsFromBounds != parameters.derivesInsetsFromBounds
        parameters = p
        if insetsChange { propertyChanged() } else { collectionView?.invalidateLayout(.boundsOnly) }
    }

    /// When true (the default, `Parameters.derivesInsetsFromBounds`): while `sectionInset` is
    /// zero (the seed's configuration), a section without a delegate inset gets insets derived
    /// from the bounds — `(height − itemSize.height)/2` above and below, so there is one
    /// vertically centred row whatever the height, and `(width − itemSize.width)/2` left and
    /// right, so the first and the last cover can be scrolled to the centre. This is the rule
    /// behind Listing 4.27's hand-picked insets: 70 = (320 − 180)/2 in portrait, 150 =
    /// (480 − 180)/2 in landscape on a 3.5-inch screen (190 on a 4-inch one, "determined mainly
    /// by experimentation", where the rule gives (568 − 180)/2 = 194). A non-zero `sectionInset`
    /// wins (the seed's `insetForSectionAt` gives its own), as does a delegate's; false uses
    /// `sectionInset` even when it is zero.
    public var derivesInsetsFromBounds: Bool {
        get { parameters.derivesInsetsFromBounds }
        set {
            guard newValue != parameters.derivesInsetsFromBounds else { return }
            parameters.derivesInsetsFromBounds = newValue
            propertyChanged()
        }
    }

    /// True while the insets in use are derived from the bounds.
    public var usesDerivedInsets: Bool { derivesInsetsFromBounds && sectionInset == .zero }

    /// The derived insets while `usesDerivedInsets`, else `sectionInset`. Each is capped at
    /// `FlowLayout.maxMagnitude` (1e12), the largest metric a flow layout takes: any finite bounds
    /// size is accepted by the view, so a huge one (1e308) must not derive insets that every
    /// layout cycle then rejects with a message about insets the caller never set.
    open override var effectiveSectionInset: EdgeInsets {
        guard usesDerivedInsets, let size = collectionView?.boundsSize else { return sectionInset }
        func half(_ extent: Double, _ item: Double) -> Double {
            Swift.min(FlowLayout.maxMagnitude, Swift.max(0, (extent - item) / 2))
        }
        let v = half(size.height, itemSize.height), h = half(size.width, itemSize.width)
        return EdgeInsets(top: v, left: h, bottom: v, right: h)
    }

    /// Listing 4.30's `init`: the Cover Flow metrics.
    public static let seedConfiguration: FlowConfiguration = {
        var c = FlowConfiguration.default
        c.scrollDirection = .horizontal
        c.itemSize = Size(width: 180, height: 180)
        c.minimumLineSpacing = -60
        c.minimumInteritemSpacing = 200
        return c
    }()

    public override init() { super.init(seedConfiguration: CoverFlowLayout.seedConfiguration) }

    // MARK: Queries (Listing 4.30)

    open override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        let visible = visibleRect
        let mapped = MappingSink(into: sink) { [unowned self] a in
            if a.category == .cell { self.apply(&a, visibleRect: visible) }
            return true
        }
        try super.layoutAttributesForElements(in: rect, into: mapped)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard var a = try super.layoutAttributesForItem(at: indexPath) else { return nil }
        apply(&a, visibleRect: visibleRect)
        return a
    }

    // MARK: Listing 4.31

    /// Applies the Cover Flow effect to a cell for `visibleRect` (Listing 4.31). Other
    /// categories are left unchanged.
    public func apply(_ a: inout LayoutAttributes, visibleRect: Rect) {
        guard a.category == .cell else { return }
        let k = parameters
        let active = k.activeDistance
        let grey = k.inactiveGreyValue
        let flow = k.flowOffset
        let distance = visibleRect.midX - a.center.x
        let normalized = distance / active
        let isLeft = distance > 0
        let sign: Double = isLeft ? 1 : -1
        let m34 = perspective
        var t = Transform3D.identity
        let mask: Double
        if abs(distance) < active {
            t = Transform3D.identity.translated(
                (isLeft ? -flow : flow) * abs(distance / k.translateDistance),
                0,
                (1 - abs(normalized)) * 40000 + (isLeft ? 200 : 0))
            t.m34 = m34
            let zoom = 1 + k.zoomFactor * (1 - abs(normalized))
            t = t.rotated(sign * abs(normalized) * k.maximumAngle, 0, 1, 0)
            t = t.scaled(zoom, zoom, 1)
            a.zIndex = 1
            let ratioToCenter = (active - abs(distance)) / active
            mask = grey + ratioToCenter * (-grey)
        } else {
            t.m34 = m34
            t = t.translated(isLeft ? -flow : flow, 0, 0)
            t = t.rotated(sign * k.maximumAngle, 0, 1, 0)
            a.zIndex = 0
            mask = grey
        }
        // Non-finite only for a non-finite visible rect or centre, which the engine rejects
        // upstream; keep the cell untransformed rather than hand out NaN.
        guard t.isFinite, mask.isFinite else { return }
        a.transform = t
        a.custom[0] = mask
        a.custom[1] = 1
    }

    // MARK: Draw order

    /// Z-index first (1 for the active cover, 0 for the rest, as in the seed); among equal
    /// z-indexes, cells farther from the visible centre draw first, so side covers are drawn
    /// nearest-last on both sides (UIKit leaves equal z-indexes unordered; in index order the
    /// right-hand side would let far covers hide near ones).
    open override var cellDrawRank: ((Point) -> Double)? {
        let mid = visibleRect.midX
        return { -abs($0.x - mid) }
    }

    /// `−1 / (perspectiveFactor · itemSize.width)`, 0 when that is not finite.
    private var perspective: Double {
        let p = -1 / (parameters.perspectiveFactor * itemSize.width)
        return p.isFinite ? p : 0
    }

    // MARK: Invalidation

    /// Listing 4.30: always true, so the transforms follow every scroll.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    /// `.boundsOnly` when only the content offset moved (the transforms are computed at query
    /// time: nothing to re-prepare); the flow layout's context when the size changed.
    open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        let old = collectionView?.bounds ?? .zero
        if newBounds.size == old.size { return .boundsOnly }
        // Derived insets follow the size: every section's metrics change.
        if usesDerivedInsets { return .everything }
        return super.invalidationContext(forBoundsChange: newBounds)
    }

    // MARK: Snapping (Listing 4.32)

    /// Cover Flow comes to rest with a cover centred (Listing 4.32).
    open override var snapsContentOffset: Bool { true }

    /// Listing 4.32: centres the cell closest to the proposed visible rect's horizontal centre.
    /// Returns `proposed` unchanged when no cell is in the proposed rect (or when detached).
    /// - Complexity: one rect query, O(1) memory (the cells are visited, not collected); a
    ///   proposed rect holding more than `CVL_MAX_QUERY_ELEMENTS` elements is searched in
    ///   strips around its centre (`nearestCell`).
    open override func targetContentOffset(
        forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point
    ) throws -> Point {
        guard let cv = collectionView, proposed.isFinite else { return proposed }
        let size = cv.boundsSize
        let horizontalCenter = proposed.x + size.width / 2
        let proposedRect = Rect(x: proposed.x, y: 0, width: size.width, height: size.height)
        guard proposedRect.isFinite else { return proposed }
        let nearest = try nearestCell(
            to: Point(x: horizontalCenter, y: size.height / 2), in: proposedRect, metric: .horizontal,
            counts: cv.counts
        ) { _, d, _, bd in d < bd }
        guard let adj = nearest.map({ $0.center.x - horizontalCenter }) else { return proposed }
        let x = proposed.x + adj
        return x.isFinite ? Point(x: x, y: proposed.y) : proposed
    }
}
