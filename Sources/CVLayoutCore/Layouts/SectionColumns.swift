/// A section's own column count, shared by the span grid (`GridLayout`) and the waterfall
/// (`WaterfallLayout`): CHT's `columnCountForSection:`, Compose's `GridCells.Fixed` /
/// `GridCells.Adaptive`. `minimumColumnWidth` > 0 derives the count from the width available
/// (adaptive); else `columns` ≥ 1 fixes it; (0, 0) uses the layout's configuration.
public struct SectionColumns: Equatable, Sendable {
    public var columns: Int
    public var minimumColumnWidth: Double
    public init(columns: Int = 0, minimumColumnWidth: Double = 0) {
        self.columns = columns
        self.minimumColumnWidth = minimumColumnWidth
    }

    /// Why this entry is not valid for a layout of at most `maxColumns` columns (nil: it is):
    /// columns 0 ... `maxColumns`, a minimum width finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
    /// The one rule for entries set in bulk and for a callback's answers.
    public func problem(maxColumns: Int) -> String? {
        if columns < 0 || columns > maxColumns {
            return "columns \(columns) must be 0 ... \(maxColumns) (0: the configuration's)"
        }
        let w = minimumColumnWidth
        if !(w.isFinite && w >= 0 && w <= FlowLayout.maxMagnitude) {
            return "minimum_column_width \(w) must be finite, >= 0 and <= \(FlowLayout.maxMagnitude)"
        }
        return nil
    }
}
