/// The view's state a host's direct rect query tests first (`showsFlowAsIs`): whether the view
/// shows a prepared flow layout as it is, with no identifiers. The C layer's direct flow query
/// (`directFlowCells`) asks it every frame: one stored flag in place of the checks it stands for
/// (`answersWithLayoutAsIs`, `isMirrored`, the layout's class, the identifiers; measured: ~80
/// instructions a query).
///
/// The flag is noted by the query that found those checks true (`noteShowsFlowAsIs`) and cleared
/// by every write that can make one false (see `showsFlowAsIs`): a false flag only sends the
/// next query through the checks again.
extension CollectionView {
    /// Notes `showsFlowAsIs` for a view whose direct query found `answersWithLayoutAsIs` true,
    /// the view not mirrored and its layout a flow: true when, besides, no transition is kept
    /// (a finished one stays until the next `setTime`: its test reads the clock), the view is
    /// left-to-right (not mirrored whatever the layout's
    /// `flipsHorizontallyInOppositeLayoutDirection` becomes) and has no identifiers. O(1).
    public func noteShowsFlowAsIs() {
        showsFlowAsIs =
            !needsPrepare && pixelGrid.isOff && transition == nil && layoutDirection == .leftToRight
            && identities.isNone && layout.isFlowLayout
    }

    /// Called where a transition is made or put back (a batch update, a layout switch, animated
    /// changes, their rollbacks): `showsFlowAsIs` no longer holds. O(1).
    @inline(__always)
    func transitionMayRun() { showsFlowAsIs = false }
}
