/// What was on screen: present elements by key, and elements on their way out (each on the clock
/// of the animation that removed it).
typealias OnScreen = (present: ElementTable, disappearing: [Transition.Leaving])

/// An open `beginAnimatedChanges` block: the on-screen state when it opened.
struct OpenChange {
    let timing: AnimationTiming
    let before: OnScreen
    let offset: Point
    /// Set when a batch update, layout switch or reload ran inside the block: those animate
    /// themselves (and change the element keys), so the commit adds no animation.
    var isSpent = false
}

/// The starts a relayout's `starts` gives the elements on screen after it that were not on screen
/// before (`makeRelayoutTransition`), in their order: when `cellFrames` is given (`isGiven`), each
/// cell among them (the k-th fresh element) starts as the default cell with the frame
/// `cellFrames.frame(k)` (`LayoutAttributes.cell`: what a flow layout answers for an item; nil: a
/// crossfade), the
/// others taking the entries of `attributes` in turn; otherwise each element takes its entry of
/// `attributes`. An entry that is nil, or missing at the end of `attributes`, is a crossfade.
struct FreshStarts {
    var attributes: [LayoutAttributes?]
    var cellFrames = FreshCellFrames.none
}

/// A running animated scroll (`scrollToItem(at:at:animation:)`).
struct ScrollAnimation {
    let from: Point
    let to: Point
    let timing: AnimationTiming
    let start: Double

    /// The content offset at `time`: `from + (to − from)·progress` (a spring may overshoot).
    func offset(at time: Double) -> Point {
        let p = timing.progress(atElapsed: time - start)
        guard p < 1 || p > 1 else { return to }
        return Point(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)
    }
}

extension LayoutAttributes {
    /// Whether the element shows in `viewport` (its frame or its drawn bounds meet it). A new
    /// animation gives no track to an element off screen both where it is and where it ends:
    /// without that, overlapping animations would carry every element they ever moved.
    func isOnScreen(in viewport: Rect) -> Bool { Self.isOnScreen(frame: frame, transform: transform, in: viewport) }

    /// `isOnScreen(in:)` of an element with `frame` and `transform`.
    @inline(__always)
    static func isOnScreen(frame: Rect, transform: Transform3D, in viewport: Rect) -> Bool {
        frame.intersects(viewport) || drawnBounds(frame: frame, transform: transform).intersects(viewport)
    }

    /// These attributes with the centre moved by `d`.
    func moved(by d: Point) -> LayoutAttributes {
        var a = self
        a.origin.x += d.x  // the stored origin: no move leaves the frame bit for bit as it was
        a.origin.y += d.y
        return a
    }
}

/// Animated layout changes (UIKit: a property change or `invalidateLayout` inside a `UIView`
/// animation block, Listing 4.17 of the Dimensions seed) and animated scrolling
/// (`scrollToItemAtIndexPath:atScrollPosition:animated:YES`). See docs/animation-rules.md.
extension CollectionView {
    // MARK: Animated changes

    /// `[UIView beginAnimations:…]`: remembers what is on screen now, so that the layout
    /// changes made before `commitAnimatedChanges()` (properties, invalidations, bounds) animate
    /// from it. A block already open is replaced.
    /// - Complexity: O(v) for the v elements on screen (plus a running animation's tracks).
    public func beginAnimatedChanges(_ timing: AnimationTiming) throws {
        openChange = OpenChange(timing: timing, before: try onScreen(in: bounds), offset: contentOffset)
    }

    /// `[UIView commitAnimations]`: re-runs the layout and animates every element from where it
    /// was on screen at `beginAnimatedChanges` to its new attributes, as a layout switch does
    /// (elements that were not on screen start from the layout's appearing attributes, by default
    /// a crossfade; elements that leave fade out). Custom attribute slots the layout marks
    /// discrete switch at progress 0.5. If a batch update, layout switch or reload ran inside
    /// the block, it brought its own animation and the commit only closes the block.
    /// - Throws: `.state` when no block is open; layout errors (the block is closed, nothing
    ///   animates, the layout state stays as the changes left it).
    /// - Complexity: O(v + w) for the v elements on screen before and w after.
    public func commitAnimatedChanges() throws {
        guard let change = openChange else { throw LayoutError.state("no animated change is open (call begin first)") }
        openChange = nil
        guard !change.isSpent else { return }
        try layoutIfNeeded()
        let shift = Point(x: contentOffset.x - change.offset.x, y: contentOffset.y - change.offset.y)
        let layout = self.layout
        transition = try makeRelayoutTransition(
            before: change.before, shift: shift, timing: change.timing, startsShift: nil
        ) { after, fresh in
            if layout.appearsWithoutAttributes { return FreshStarts(attributes: []) }
            return FreshStarts(
                attributes: try fresh.map {
                    try layout.initialAttributes(forAppearing: after[$0].key, final: after[$0])
                })
        }
        transitionMayRun()
    }

    /// The transition of a relayout: every element on screen after the change moves from where it
    /// was on screen before (`before`, moved by the content offset change `shift`), or, when it
    /// was not on screen, from where `starts` puts it (`starts(after, fresh)` maps those elements,
    /// `after[fresh[j]]` in order, to their starts (`FreshStarts`), moved by `startsShift` when it
    /// is given, nil for a crossfade: the element's final attributes at alpha 0; one call, so that
    /// it can look them all up at once; the elements are read in place, not copied, and each start
    /// is copied once, into its track, or made there); every element on screen
    /// before that is not on screen after moves to its new attributes (looked up together), or
    /// fades out where it was when it no longer exists. Progress 0 therefore shows exactly the
    /// last frame before the change.
    func makeRelayoutTransition(
        before: OnScreen, shift: Point, timing: AnimationTiming, startsShift: Point?,
        starts: (_ after: UnsafeBufferPointer<LayoutAttributes>, _ fresh: [Int]) throws -> FreshStarts
    ) throws -> Transition {
        var tr = Transition(timing: timing, start: currentTime, discreteSlots: layout.discreteCustomSlots)
        // (`endsAreTurns`: every end read from `afterArray` is a turned cell, its turn known.)
        let (afterArray, endsAreTurns) = try layoutAttributesForElementsFinal(in: bounds)
        // Track i ends at after[i] (every element on screen after gets its track in order): the
        // answer is kept as the tracks' ends, not copied.
        reuseSpareEnds(
            in: &tr, adopting: afterArray, least: afterArray.count, reserving: afterArray.count + before.present.count)
        try afterArray.withUnsafeBufferPointer { after in
            // Each element's place in `before` (-1: not on screen before), looked up once; those
            // not on screen before, by position in `after`. Both written in place (each write to
            // an array checked its uniqueness; 10^5 elements are fresh in a switch to the circle).
            var was: [Int] = []
            let fresh = [Int](unsafeUninitializedCapacity: after.count) { freshOut, freshCount in
                was = [Int](unsafeUninitializedCapacity: after.count) { wasOut, wasCount in
                    var n = 0
                    for i in after.indices {
                        if let p = before.present.position(of: after[i].key) {
                            wasOut[i] = p
                        } else {
                            wasOut[i] = -1
                            freshOut[n] = i
                            n += 1
                        }
                    }
                    wasCount = after.count
                    freshCount = n
                }
            }
            let freshStarts = try starts(after, fresh)
            // At most every element after and every one before that is not after (the before
            // elements on screen after are `after.count - fresh.count` of them): each track's
            // memory (keys, shapes, made parts) sized for what the set-up can use, not for
            // after + before (an update of 10^5 reserved 2×10^5: 20 MB more asked for).
            let most = Swift.max(after.count, before.present.count + fresh.count)
            tr.tracks.reserveCapacity(most, least: after.count)
            var k = 0, m = 0  // the next fresh element, the next of `freshStarts.attributes`
            before.present.elements.withUnsafeBufferPointer { olds in
                freshStarts.attributes.withUnsafeBufferPointer { starts in
                    var cellFrames = freshStarts.cellFrames
                    let framesGiven = cellFrames.isGiven
                    for i in after.indices {
                        let end = after.baseAddress! + i
                        if was[i] >= 0 {
                            tr.tracks.set(
                                end.pointee.key, fromAt: olds.baseAddress! + was[i], movedBy: shift, toAt: end,
                                startIsTurn: before.present.holdsOnlyTurnedCells, endIsTurn: endsAreTurns)
                            continue
                        }
                        defer { k += 1 }
                        if framesGiven, end.pointee.category == .cell {
                            if let frame = cellFrames.frame(k) {
                                tr.tracks.set(
                                    end.pointee.key, cellFrame: frame, movedBy: startsShift, toAt: end,
                                    endIsTurn: endsAreTurns)
                            } else {
                                tr.tracks.set(end.pointee.key, fromAt: end, fadedOut: true, toAt: end)
                            }
                            continue
                        }
                        defer { m += 1 }
                        if m < starts.count, case .some = starts[m] {
                            // The start in place: an optional's payload is stored at its address.
                            let start = UnsafeRawPointer(starts.baseAddress! + m)
                                .assumingMemoryBound(to: LayoutAttributes.self)
                            tr.tracks.set(
                                end.pointee.key, fromAt: start, movedBy: startsShift, toAt: end,
                                endIsTurn: endsAreTurns)
                        } else {
                            tr.tracks.set(end.pointee.key, fromAt: end, fadedOut: true, toAt: end)
                        }
                    }
                }
            }
        }
        // Those on screen before only (every element on screen after has a track now).
        let gonePositions = before.present.keys.indices.filter {
            tr.tracks.position(of: before.present.keys[$0]) == nil
        }
        let gone = gonePositions.map { before.present.keys[$0] }
        let looked = try layout.layoutAttributes(forKeys: gone)
        let viewport = bounds
        for (key, i) in zip(gone, gonePositions) {
            let from = before.present.elements[i].moved(by: shift)
            // Off screen now and at the end: no track (see `isOnScreen`).
            if !from.isOnScreen(in: viewport), looked[key].map({ !$0.isOnScreen(in: viewport) }) ?? true { continue }
            if let to = looked[key] {
                tr.tracks.set(key, from: from, to: to)
            } else {
                tr.addDisappearing(from: from, to: from.fadedOut)
            }
        }
        // Elements already on their way out go on with their own removal (and are retired when
        // it ends): restarting it would keep every overlapping update's leavers alive forever.
        tr.disappearing += before.disappearing.map { $0.moved(by: shift) }
        return tr
    }

    // MARK: Animated scrolling

    /// `scrollToItemAtIndexPath:atScrollPosition:animated:`. Without `animation` the offset jumps
    /// (`scrollToItem(at:at:)`). With it, the content offset moves from its current value to the
    /// target along the timing curve as the clock advances (`setTime`): at time t it is
    /// `from + (to − from)·progress(t)` and every query (content offset, rect queries, visible
    /// elements) answers for that offset; at the end it is exactly the target. Setting the
    /// content offset or bounds, or another animated scroll, stops it where it is (UIScrollView
    /// does the same); `finishAnimations()` jumps to the target.
    /// - Returns: the target offset (clamped into the scrollable range).
    /// - Complexity: O(1) beyond the item's attributes query; each `setTime` is one offset change.
    public func scrollToItem(
        at indexPath: IndexPath, at position: ScrollPosition, animation: AnimationTiming?
    ) throws -> Point {
        guard let animation else { return try scrollToItem(at: indexPath, at: position) }
        let from = contentOffset
        let target = try scrollTarget(for: indexPath, at: position)
        scrollAnimation = nil
        let scroll = ScrollAnimation(from: from, to: target, timing: animation, start: currentTime)
        if animation.isFinished(atElapsed: 0) {
            try moveContentOffset(to: target)
        } else {
            scrollAnimation = scroll
            try moveContentOffset(to: scroll.offset(at: currentTime))
        }
        return target
    }

    /// Moves a running animated scroll to the current time; ends it at its target.
    func advanceScroll() throws {
        guard let s = scrollAnimation else { return }
        if s.timing.isFinished(atElapsed: currentTime - s.start) {
            scrollAnimation = nil
            try moveContentOffset(to: s.to)
        } else {
            try moveContentOffset(to: s.offset(at: currentTime))
        }
    }
}
