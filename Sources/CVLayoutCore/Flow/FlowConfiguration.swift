/// Alignment of a flow line's items along the line: the cross axis (horizontal when the flow
/// scrolls vertically). Items keep the minimum interitem spacing and get none, half or all of
/// the line's leftover space before them (PST `PSTGridLayoutRow`, AlignedCollectionViewFlowLayout,
/// JQCollectionViewAlignLayout); `.justified` spreads it between them (PST: gap = spacing +
/// leftover / (n − 1)); a justified line of one item is centred (UIKit, PST).
public enum FlowLineAlignment: Int, CaseIterable, Sendable {
    case justified = 0
    case leading = 1
    case center = 2
    case trailing = 3
}

/// Alignment of a section's last line: `.automatic` is UIKit's own rule when full lines are
/// justified (the last line of a uniform section on the grid of the full lines, of other sections
/// at the leading edge at the minimum spacing), else the full lines' alignment; the others as
/// `FlowLineAlignment` (`.justified` spreads the last line over the whole line, CSS
/// `text-align-last: justify`).
public enum FlowLastLineAlignment: Int, CaseIterable, Sendable {
    case automatic = 0
    case justified = 1
    case leading = 2
    case center = 3
    case trailing = 4
}

/// Alignment of items across their line (along the scroll axis): centred (UIKit: "the flow
/// layout object centers items vertically on the same line"), at the line's leading edge (top
/// when scrolling vertically) or at its trailing edge (bottom).
public enum FlowItemAlignment: Int, CaseIterable, Sendable {
    case center = 0
    case leading = 1
    case trailing = 2

    /// The fraction of the line's leftover thickness placed before the item.
    var factor: Double {
        switch self {
        case .center: return 0.5
        case .leading: return 0
        case .trailing: return 1
        }
    }
}

/// The flow layout's properties (`UICollectionViewFlowLayout`'s) as one value.
///
/// This type owns the rules for them and their defaults (UIKit's): `FlowConfiguration.default`
/// is the one place the defaults are written, and `validate()` the one place the properties are
/// checked. A layout takes a configuration whole through `FlowLayout.configure(_:)`, which
/// validates it first and installs all of it or nothing, so a bad value is reported when it is
/// set, never at the next query. The C layer only converts `cvl_flow_config` to this type.
public struct FlowConfiguration: Equatable, Sendable {
    /// The scroll axis. Default `.vertical`.
    public var scrollDirection: ScrollDirection = .vertical
    /// Size of every item without a bulk array or a delegate size. Default 50×50.
    /// Finite, non-negative, at most `FlowLayout.maxMagnitude` on each side.
    public var itemSize = Size(width: 50, height: 50)
    /// Spacing between lines. Default 10. May be negative (lines then overlap, as Cover Flow's
    /// −60); finite, at most `FlowLayout.maxMagnitude` in magnitude.
    public var minimumLineSpacing: Double = 10
    /// Minimum spacing between items of a line; full lines spread their leftover space on top
    /// of it. Default 10. Finite, non-negative, at most `FlowLayout.maxMagnitude`.
    public var minimumInteritemSpacing: Double = 10
    /// Insets of each section's lines (not of its header and footer). Default zero. Each side
    /// finite (may be negative), at most `FlowLayout.maxMagnitude` in magnitude.
    public var sectionInset = EdgeInsets.zero
    /// Header size; only the scroll-axis dimension is used (height when scrolling vertically),
    /// the header spans the collection view across. Default zero (no header). Finite and
    /// non-negative; the scroll-axis dimension at most `FlowLayout.maxMagnitude`.
    public var headerReferenceSize = Size.zero
    /// Footer size, as `headerReferenceSize`. Default zero (no footer).
    public var footerReferenceSize = Size.zero
    /// Headers stick to the start of the visible rect while their section is visible.
    /// Default false.
    public var sectionHeadersPinToVisibleBounds = false
    /// Footers stick to the end of the visible rect while their section is visible.
    /// Default false.
    public var sectionFootersPinToVisibleBounds = false
    /// `estimatedItemSize`: when not zero, the size of every item not yet measured in sections
    /// without a bulk array or a delegate size (those give per-item estimates); zero (the
    /// default) uses `itemSize`. Measured sizes: `FlowLayout+SelfSizing.swift`. Same rules as
    /// `itemSize`.
    public var estimatedItemSize = Size.zero
    /// Alignment of full lines along the line (UIKit's private `_rowAlignmentOptions`, made
    /// public). Default `.justified`, UIKit's. Rules: docs/alignment-direction-snapping.md.
    public var lineAlignment = FlowLineAlignment.justified
    /// Alignment of each section's last line. Default `.automatic`: UIKit's own rule when full
    /// lines are justified, else the full lines' alignment (CSS `text-align-last: auto`).
    public var lastLineAlignment = FlowLastLineAlignment.automatic
    /// Alignment of items across their line (along the scroll axis). Default `.center`, UIKit's.
    public var itemAlignment = FlowItemAlignment.center

    /// UIKit's defaults.
    public init() {}

    /// UIKit's defaults: vertical, 50×50 items, spacings 10, no insets, no header or footer,
    /// no pinning.
    public static let `default` = FlowConfiguration()

    /// Checks every property against the rules above.
    /// - Throws: `LayoutError.invalidArgument` naming the first bad property and its value.
    /// - Complexity: O(1).
    public func validate() throws {
        let limit = FlowLayout.maxMagnitude
        guard FlowLayout.isValidSize(itemSize) else {
            throw LayoutError.invalid(
                "item_size \(itemSize.width)x\(itemSize.height) must be finite, non-negative "
                    + "and at most \(limit)")
        }
        guard FlowLayout.isValidSize(estimatedItemSize) else {
            throw LayoutError.invalid(
                "estimated_item_size \(estimatedItemSize.width)x\(estimatedItemSize.height) must be finite, "
                    + "non-negative and at most \(limit)")
        }
        guard FlowLayout.isValidOffset(minimumLineSpacing) else {
            throw LayoutError.invalid(
                "minimum_line_spacing \(minimumLineSpacing) must be finite and at most \(limit) "
                    + "in magnitude")
        }
        guard FlowLayout.isValidExtent(minimumInteritemSpacing) else {
            throw LayoutError.invalid(
                "minimum_interitem_spacing \(minimumInteritemSpacing) must be finite, "
                    + "non-negative and at most \(limit)")
        }
        guard FlowLayout.isValidInsets(sectionInset) else {
            let i = sectionInset
            throw LayoutError.invalid(
                "section_inset (\(i.top), \(i.left), \(i.bottom), \(i.right)) must be finite "
                    + "and at most \(limit) in magnitude")
        }
        let axis = FlowAxis(scrollDirection)
        for (name, s) in [
            ("header_reference_size", headerReferenceSize), ("footer_reference_size", footerReferenceSize),
        ]
        where !FlowLayout.isValidReferenceSize(s, axis) {
            throw LayoutError.invalid(
                "\(name) \(s.width)x\(s.height) must be finite, non-negative and at most "
                    + "\(limit) along the scroll axis")
        }
    }
}
