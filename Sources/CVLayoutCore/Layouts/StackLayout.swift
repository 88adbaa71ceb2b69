/// A card stack: the pile of cards of many apps' swipeable decks. The mechanism is the one Apple's
/// `UICollectionViewLayout` documentation page describes for custom layouts ("Subclassing Notes":
/// compute every element's attributes — frame, transform, alpha, z-index, hidden — in
/// `prepare()` and the query methods); the arrangement is this library's own.
/// docs/sources.md ("The card stack") says so.
///
/// Every item of every section, in index-path order, is one card of one deck: card d (its deck
/// position) is item i of section s with d = (items of the sections before s) + i. W is the
/// collection view's width, (w, h) `itemSize`, v = `visibleCount`:
///
///     card d < v:  frame     (insets.left + (W − insets.left − insets.right − w) / 2,
///                             insets.top + d · offset, w, h)   centred, even when wider than the view
///                  transform scale(1 − d · scaleStep, 1 − d · scaleStep, 1) about the frame's centre
///                  alpha     max(0, 1 − d · alphaStep)
///                  zIndex    v − d                             (the top card, d = 0, draws last)
///     card d ≥ v:  the frame and transform of card v − 1, hidden, alpha 0, zIndex 0; returned by
///                  single-element lookups only, never by rect queries
///
/// The frame is the untransformed one, as every layout of the library reports it (the circle's
/// rotation and Cover Flow's 3D transform apply about the frame's centre too, as UIKit applies
/// `transform3D` about the centre). Since every scale is in (0, 1], each card is drawn inside its
/// frame: hit tests search the frames at the point (`drawnReach` 0) and test the scaled shapes.
///
/// Content size: (W, insets.top + h + (min(v, n) − 1) · offset + insets.bottom) for n ≥ 1 items;
/// (W, 0) without items, as the grid's without sections: no card, nothing for the insets to
/// surround, and the width stays the view's so that a host's scroll view does not change width
/// when the deck empties. No supplementary or decoration views. Every number is the exact double
/// of these expressions.
///
/// Nothing is stored per item: the prefix sums of the section counts (8 bytes a section) and the
/// index paths of the first v cards (at most `maxVisibleCount`).
///
/// ## Cost
/// `prepare()`: O(S) for S sections. Content size and single-element lookups: O(1) (the card's
/// position is its section's prefix sum plus its item). Rect queries: O(min(v, n)), at most
/// `maxVisibleCount` frames tested, whatever S and n.
public final class StackLayout: CellsOnlyLayout {
    /// No appear hook is overridden: an animation's set-up need not ask it.
    override var appearsWithoutAttributes: Bool { true }

    /// The most cards shown at once (`CVL_MAX_STACK_VISIBLE`).
    public static let maxVisibleCount = 64

    /// The stack's properties.
    public struct Configuration: Equatable, Sendable {
        /// Every card's size. Default 300 × 400. Each dimension finite, ≥ 0, at most
        /// `FlowLayout.maxMagnitude`.
        public var itemSize = Size(width: 300, height: 400)
        /// How many cards are shown (the rest are hidden behind the last one). Default 3;
        /// 1 ... `maxVisibleCount`.
        public var visibleCount = 3
        /// How much lower each card sits than the one above it. Default 12. Finite, ≥ 0, at most
        /// `FlowLayout.maxMagnitude`.
        public var offset = 12.0
        /// How much smaller each card is than the one above it (a fraction of its size). Default
        /// 0.05. Finite, ≥ 0, and the last shown card's scale 1 − (visibleCount − 1) · scaleStep > 0.
        public var scaleStep = 0.05
        /// How much more transparent each card is than the one above it. Default 0.2; 0 ... 1.
        public var alphaStep = 0.2
        /// Around the stack. Default zero. Each side finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var contentInsets = EdgeInsets.zero

        public init() {}
        /// Cards of 300 × 400, three shown, 12 apart, 5 % smaller and 20 % fainter each.
        public static let `default` = Configuration()

        /// - Throws: `LayoutError.invalidArgument` naming the first bad value and its rule.
        public func validate() throws {
            let bound = FlowLayout.maxMagnitude
            let sizes: [(String, Double)] = [
                ("item_size.width", itemSize.width), ("item_size.height", itemSize.height), ("offset", offset),
                ("content_insets.top", contentInsets.top), ("content_insets.left", contentInsets.left),
                ("content_insets.bottom", contentInsets.bottom), ("content_insets.right", contentInsets.right),
            ]
            for (name, v) in sizes where !(v.isFinite && v >= 0 && v <= bound) {
                throw LayoutError.invalid("StackLayout \(name) \(v) must be finite, >= 0 and <= \(bound)")
            }
            guard visibleCount >= 1, visibleCount <= StackLayout.maxVisibleCount else {
                throw LayoutError.invalid(
                    "StackLayout visible_count \(visibleCount) must be 1 ... \(StackLayout.maxVisibleCount)")
            }
            guard scaleStep.isFinite, scaleStep >= 0 else {
                throw LayoutError.invalid("StackLayout scale_step \(scaleStep) must be finite and >= 0")
            }
            guard 1 - Double(visibleCount - 1) * scaleStep > 0 else {
                throw LayoutError.invalid(
                    "StackLayout scale_step \(scaleStep) must leave the last shown card a scale > 0: "
                        + "1 - (visible_count - 1) * scale_step = \(1 - Double(visibleCount - 1) * scaleStep)")
            }
            guard alphaStep >= 0, alphaStep <= 1 else {
                throw LayoutError.invalid("StackLayout alpha_step \(alphaStep) must be 0 ... 1")
            }
        }
    }

    /// The properties in effect (set with `configure(_:)`).
    public private(set) var configuration = Configuration.default

    /// Validates `configuration` and installs all of it, or throws and changes nothing;
    /// invalidates the attached collection view.
    /// - Throws: `LayoutError.invalidArgument` (see `Configuration.validate()`).
    public func configure(_ configuration: Configuration) throws {
        try configuration.validate()
        guard configuration != self.configuration else { return }
        self.configuration = configuration
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// starts[s]: the items of the sections before s (the deck position of item 0 of s).
    private var starts: [Int] = []
    /// The index paths of the first min(v, n) cards, in deck order.
    private var shown: [IndexPath] = []
    /// Items in all sections, from the last `prepare()`.
    public private(set) var itemCount = 0
    /// The configuration the last `prepare()` used.
    private var prepared = Configuration.default
    private var width = 0.0
    private var cardX = 0.0
    private var contentHeight = 0.0

    public override init() { super.init() }

    /// Every card is its frame scaled by at most 1 about its centre: drawn inside its frame.
    public override var drawnReach: Double? { 0 }

    // MARK: The layout cycle

    /// Sums the section counts and finds the first `visibleCount` cards.
    /// - Throws: `LayoutError.invalidArgument` for bounds that are not finite and non-negative
    ///   (nothing changes). Every other number is finite: the bounds width is, and sizes, offset
    ///   and insets are at most `FlowLayout.maxMagnitude` with at most `maxVisibleCount` cards.
    /// - Complexity: O(S).
    public override func prepare() throws {
        let size = collectionView?.boundsSize ?? .zero
        guard size.isValidExtent else {
            throw LayoutError.invalid(
                "StackLayout: bounds size \(size.width)x\(size.height) must be finite and non-negative")
        }
        let c = configuration
        let counts = collectionView?.counts ?? []
        var sums: [Int] = []
        sums.reserveCapacity(counts.count)
        var cards: [IndexPath] = []
        var total = 0
        for (s, n) in counts.enumerated() {
            sums.append(total)
            var i = 0
            while cards.count < c.visibleCount, i < n {
                cards.append(IndexPath(section: s, item: i))
                i += 1
            }
            total += n  // at most CollectionView.maxCount in all: no overflow
        }
        let x =
            c.contentInsets.left + (size.width - c.contentInsets.left - c.contentInsets.right - c.itemSize.width) / 2
        let height =
            cards.isEmpty
            ? 0
            : c.contentInsets.top + c.itemSize.height + Double(cards.count - 1) * c.offset + c.contentInsets.bottom
        starts = sums
        shown = cards
        itemCount = total
        prepared = c
        width = size.width
        cardX = x
        contentHeight = height
    }

    /// (collection view width, the stack's height); (width, 0) without items. O(1).
    public override func collectionViewContentSize() throws -> Size {
        Size(width: width, height: contentHeight)
    }

    /// The attributes of the card at deck position `d` (hidden ones at position v − 1).
    private func card(_ indexPath: IndexPath, _ d: Int) -> LayoutAttributes {
        let c = prepared
        let p = Swift.min(d, c.visibleCount - 1)
        var a = LayoutAttributes.cell(
            indexPath,
            frame: Rect(
                x: cardX, y: c.contentInsets.top + Double(p) * c.offset, width: c.itemSize.width,
                height: c.itemSize.height))
        let scale = 1 - Double(p) * c.scaleStep
        if scale != 1 { a.transform = Transform3D.scale(scale, scale, 1) }
        if d < c.visibleCount {
            a.alpha = Swift.max(0, 1 - Double(d) * c.alphaStep)
            a.zIndex = c.visibleCount - d
        } else {
            a.alpha = 0
            a.zIndex = 0
            a.isHidden = true
        }
        return a
    }

    /// Any card of the deck, shown or hidden. O(1).
    public override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        let s = indexPath.section
        guard s >= 0, s < starts.count else { return nil }
        let end = s + 1 < starts.count ? starts[s + 1] : itemCount
        guard indexPath.item >= 0, indexPath.item < end - starts[s] else { return nil }
        return card(indexPath, starts[s] + indexPath.item)
    }

    /// The shown cards whose untransformed frame intersects `rect` (the engine's rule for every
    /// layout). O(min(v, n)).
    public override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        guard rect.isFinite else { return }
        for (d, path) in shown.enumerated() {
            let a = card(path, d)
            if a.frame.intersects(rect) { try sink.add(a) }
        }
    }

    // MARK: Invalidation

    /// True when the width changes (the stack is centred in it); a scroll keeps the layout.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size.width != (collectionView?.boundsSize.width ?? 0)
    }

    /// A width change moves every card.
    public override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        .layoutAttributes
    }

    /// Estimated bytes of the stack's tables.
    public var stackFootprint: Int {
        starts.count * MemoryLayout<Int>.stride + shown.count * MemoryLayout<IndexPath>.stride
    }
}
