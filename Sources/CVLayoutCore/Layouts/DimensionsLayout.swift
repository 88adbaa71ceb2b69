/// The Dimensions app's flow layout (Furrow ch. 4, "Laying Out Items with Custom Attributes",
/// `AFCollectionViewFlowLayout`, Listings 4.18–4.23): a plain grid whose cells carry a custom
/// attribute, the layout mode (aspect fit or aspect fill), that tells the host how to draw the
/// photo inside the cell (Listing 4.24's `setImageViewFrame`, with the sizes of
/// `aspectFitSize(imageSize:maxSize:)`).
///
/// ## What each piece implements
/// - `init` — Listing 4.21: `itemSize` 140 × 140 (`kMaxItemSize`, Listing 4.20),
///   `sectionInset` 13 on every side, both spacings 13 ("140 + 140 + 3·13 ≈ 320": two columns
///   on a 320-point-wide view).
/// - `LayoutMode` — Listing 4.18's `AFCollectionViewFlowLayoutMode` (same raw values).
/// - Cells — Listing 4.21's `applyLayoutAttributes:`, applied to every cell of the rect and
///   single-item queries: custom slot 0 = `layoutMode`, or the per-item answer of
///   `modeProvider` when one is set (the seed's optional delegate method
///   `collectionView:layout:layoutModeForItemAtIndexPath:`, Listing 4.20, which wins when the
///   delegate implements it). Headers and footers are left as the flow placed them.
/// - `layoutMode`'s setter invalidates the layout — Listing 4.23 — and so does setting
///   `modeProvider`. The mode is applied at query time, so the invalidation re-prepares nothing
///   (an empty context: the flow keeps its lines); it makes the collection view run a new
///   cycle, so an animated layout change sees the new values.
///
/// ## Custom attributes
/// - slot 0: the cell's layout mode as its raw value (0 = aspect fit, 1 = aspect fill).
///   Discrete (`discreteCustomSlots` = 0b1): an animation switches it halfway instead of
///   blending 0 and 1.
///
/// Cost: the flow's; one `modeProvider` call per cell returned when a provider is set.
open class DimensionsLayout: FlowLayout {
    /// Cells carry a mode, never a transform: drawn over their frames.
    open override var drawsElementsWithinFrames: Bool { type(of: self) == DimensionsLayout.self }

    /// Listing 4.18's `AFCollectionViewFlowLayoutMode`.
    public enum LayoutMode: Int, Sendable, CaseIterable {
        /// `AFCollectionViewFlowLayoutModeAspectFit`, the default: the whole photo is visible.
        case aspectFit = 0
        /// `AFCollectionViewFlowLayoutModeAspectFill`: the photo fills the cell, clipped.
        case aspectFill = 1
    }

    /// `kMaxItemDimension` (Listing 4.20).
    public static let maxItemDimension = 140.0

    /// The mode of every cell without a per-item answer. Default `.aspectFit`. Setting it
    /// invalidates the layout (Listing 4.23), even when the value is unchanged, as the seed's
    /// setter does.
    public var layoutMode: LayoutMode = .aspectFit {
        didSet { modeChanged() }
    }

    /// The per-item mode (the seed's `collectionView:layout:layoutModeForItemAtIndexPath:`).
    /// When set it wins over `layoutMode` (Listing 4.21). It may throw (a C or Python callback
    /// that failed): the query then fails with that `LayoutError`, or `.callback` for any other
    /// error. Setting it invalidates the layout.
    public var modeProvider: ((IndexPath) throws -> LayoutMode)? {
        didSet { modeChanged() }
    }

    /// Slot 0 (the mode) is discrete.
    open override var discreteCustomSlots: UInt8 { 0b1 }

    /// Listing 4.21's `init`: the Dimensions metrics.
    public static let seedConfiguration: FlowConfiguration = {
        var c = FlowConfiguration.default
        c.itemSize = Size(width: DimensionsLayout.maxItemDimension, height: DimensionsLayout.maxItemDimension)
        c.sectionInset = EdgeInsets(top: 13, left: 13, bottom: 13, right: 13)
        c.minimumInteritemSpacing = 13
        c.minimumLineSpacing = 13
        return c
    }()

    public override init() { super.init(seedConfiguration: DimensionsLayout.seedConfiguration) }

    /// Sets `layoutMode` from its raw value (what C callers pass).
    /// - Throws: `LayoutError.invalidArgument` for a value that is not a `LayoutMode`
    ///   (the mode is left unchanged).
    public func setLayoutMode(rawValue: Int) throws {
        guard let m = LayoutMode(rawValue: rawValue) else {
            throw LayoutError.invalid("layout mode \(rawValue) is not one of 0 (aspect fit) or 1 (aspect fill)")
        }
        layoutMode = m
    }

    /// The mode the cell at `indexPath` gets: the provider's answer, else `layoutMode`.
    /// - Throws: the provider's error (`.callback` for a non-`LayoutError`).
    public func mode(forItemAt indexPath: IndexPath) throws -> LayoutMode {
        guard let provider = modeProvider else { return layoutMode }
        do {
            return try provider(indexPath)
        } catch let e as LayoutError {
            throw e
        } catch {
            throw LayoutError.callback("the layout-mode provider failed for item \(indexPath): \(error)")
        }
    }

    // MARK: Queries (Listing 4.21)

    open override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        let mapped = MappingSink(into: sink) { [unowned self] a in
            if a.category == .cell { try self.apply(&a) }
            return true
        }
        try super.layoutAttributesForElements(in: rect, into: mapped)
        try mapped.check()
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard var a = try super.layoutAttributesForItem(at: indexPath) else { return nil }
        try apply(&a)
        return a
    }

    /// Listing 4.21's `applyLayoutAttributes:` on a cell.
    private func apply(_ a: inout LayoutAttributes) throws {
        a.custom[0] = Double(try mode(forItemAt: a.indexPath).rawValue)
    }

    private func modeChanged() {
        // Nothing cached depends on the mode: run a new cycle without recomputing the lines.
        collectionView?.invalidateLayout(InvalidationContext())
    }

    // MARK: Listing 3.9

    /// The size a photo of `imageSize` gets when fitted into `maxSize` keeping its aspect ratio
    /// (Furrow ch. 3, Listing 3.9; also Listing 4.24's aspect-fit branch):
    ///
    ///     aspect = width / height
    ///     aspect < 1 (portrait):  (maxSize.width · aspect, maxSize.height)
    ///     aspect > 1 (landscape): (maxSize.width, maxSize.height / aspect)
    ///     aspect = 1:             maxSize
    ///
    /// e.g. 300 × 200 into 200 × 200 → 200 × 133.33…, 200 × 300 → 133.33… × 200.
    /// The default `maxSize` is the Survey app's `kMaxItemSize`, 200 × 200.
    /// - Throws: `LayoutError.invalidArgument` when a side of `imageSize` is not finite or not
    ///   positive, or `maxSize` is not finite and non-negative.
    /// - Complexity: O(1).
    public static func aspectFitSize(imageSize: Size, maxSize: Size = SurveyLayout.maxItemSize) throws -> Size {
        guard imageSize.isFinite, imageSize.width > 0, imageSize.height > 0 else {
            throw LayoutError.invalid(
                "image size \(imageSize.width)x\(imageSize.height) must be finite with both sides > 0")
        }
        guard maxSize.isValidExtent else {
            throw LayoutError.invalid("maximum size \(maxSize.width)x\(maxSize.height) must be finite and non-negative")
        }
        let aspect = imageSize.width / imageSize.height
        // A ratio that overflows or underflows (sides 1e300 and 1e-300) still gives a finite
        // size: infinity divides to 0, 0 multiplies to 0.
        if aspect < 1 {
            return Size(width: maxSize.width * aspect, height: maxSize.height)
        } else if aspect > 1 {
            return Size(width: maxSize.width, height: maxSize.height / aspect)
        }
        return maxSize
    }
}
