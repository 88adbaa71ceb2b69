/// Batch updates, layout switching and the animation clock of `CollectionView`.
extension CollectionView {
    // MARK: The clock

    /// Sets the host's clock (seconds). Time must not go backwards. A running animated scroll
    /// moves the content offset to its value at the new time (see `scrollToItem(at:at:animation:)`).
    public func setTime(_ seconds: Double) throws {
        guard seconds.isFinite else { throw LayoutError.invalid("time \(seconds) must be finite") }
        guard seconds >= currentTime else {
            throw LayoutError.invalid("time \(seconds) is earlier than the current time \(currentTime)")
        }
        currentTime = seconds
        // Read in place: a copy of the transition alive here would share its storage (not kept).
        if transition?.isFinished(at: seconds) ?? false { dropTransition() }
        transition?.retireDisappearing(at: seconds)
        try advanceScroll()
    }

    /// True while an animation (a transition or an animated scroll) has not reached its end at
    /// `currentTime`.
    public var isAnimating: Bool {
        if scrollAnimation != nil { return true }
        guard let t = transition else { return false }
        return !t.isFinished(at: currentTime)
    }

    /// Jumps every running animation to its end (an animated scroll to its target offset).
    public func finishAnimations() throws {
        dropTransition()
        if let s = scrollAnimation {
            scrollAnimation = nil
            try moveContentOffset(to: s.to)
        }
    }

    /// Drops the transition, keeping its track ends' storage in `spareEnds` for the next set-up,
    /// emptied here (an adopted layout's answer let go now, not in that set-up).
    func dropTransition() {
        let spare = transition?.tracks.endsIfUnique()
        transition = nil
        guard let spare else { return }
        spare.removeAll()
        spareEnds = spare
    }

    /// Lets `tr` (no tracks yet) keep its ends in `spareEnds`' storage when it fits `n` tracks
    /// reserved, of which `least` are sure (`TrackTable.reuseEnds`: at most 2n, so that what the
    /// view keeps stays within twice what its set-ups need), and adopt `answer` as its ends
    /// (`TrackTable.adoptEnds`); `spareEnds` is emptied either way.
    func reuseSpareEnds(in tr: inout Transition, adopting answer: [LayoutAttributes], least: Int, reserving n: Int) {
        guard let spare = spareEnds else { return tr.tracks.adoptEnds(answer) }
        spareEnds = nil
        tr.tracks.reuseEnds(spare, adopting: answer, least: least, most: 2 * n)
    }

    /// The on-screen attributes of everything in `rect` now (presentation state). `indexed` false:
    /// the caller reads the table in order, so a layout's answer whose keys ascend is adopted
    /// without an index (`ElementTable.init?(adopting:indexed:)`).
    func onScreen(in rect: Rect, indexed: Bool = true) throws -> OnScreen {
        var present = ElementTable()
        var gone: [Transition.Leaving] = []
        if let t = transition, !t.isFinished(at: currentTime) {
            let all = t.allPresented(at: currentTime)
            present = all.present
            gone = all.disappearing
        }
        let (own, onlyTurnedCells) = try lastPreparedAttributes(in: rect)
        if present.isEmpty,
            let adopted = ElementTable(adopting: own, indexed: indexed, onlyTurnedCells: onlyTurnedCells)
        {
            present = adopted  // the same table as inserting each, without copying them
        } else {
            if present.isEmpty { present = ElementTable(capacity: own.count) }
            for a in own { present.insertIfAbsent(a, for: a.key) }
        }
        // What is on screen now carries the identifiers of now: elements that go away keep them.
        if !identities.isNone {
            for i in 0..<present.count {
                let id = try identities.identifier(of: present.keys[i], counts: counts)
                present.setIdentifier(at: i, id)
            }
        }
        return (present, gone)
    }

    /// True when the layout holds a prepared state for the current counts (what the host last
    /// drew), even if it was invalidated since.
    var hasLaidOutCurrentCounts: Bool { preparedCounts == counts }

    /// The elements in `rect` as the host last drew them: the layout's last prepared state,
    /// even if it was invalidated since, as long as it was prepared for the current counts.
    /// A host hands over an update's new bulk item sizes (or changes its metrics) before the
    /// commit, as a UIKit data source changes its model before `performBatchUpdates:`; the
    /// animation must start from what was on screen, not from the old counts re-laid out with
    /// the new sizes. Otherwise (never prepared, counts reloaded) the layout is prepared first:
    /// only a layout switch or an animated-changes block gets here then (the host's data still
    /// matches the counts); a batch update without that state is not animated (`commit`).
    /// (With whether each element is known to be a turned cell: `layoutOwnAnswer`.)
    private func lastPreparedAttributes(
        in rect: Rect
    ) throws -> (elements: [LayoutAttributes], onlyTurnedCells: Bool) {
        guard needsPrepare, let prepared = preparedCounts, prepared == counts else {
            return try collectedAnswer(in: rect, limit: Self.maxAnimatedElements)
        }
        return try layoutOwnAnswer(in: rect, limit: Self.maxAnimatedElements)
    }

    // MARK: Batch updates

    /// `performBatchUpdates:` — validates `update` against the current counts and the data
    /// source's new counts (UIKit's rules and wording), then commits: the counts change, the
    /// layout is re-prepared with `prepare(forCollectionViewUpdates:)` … `finalizeCollectionViewUpdates()`,
    /// and, if `animation` is given, every element on screen before or after animates from its
    /// current on-screen state. When nothing has been laid out for the current counts (no
    /// layout cycle since the view was created, `reloadData`, a data-count invalidation that
    /// changed them, or a failed update or switch), there is no on-screen state and the update
    /// is applied without animation (UIKit: "a reload may occur"; `commit`). The update comes to
    /// rest where the layout's `targetContentOffset(forProposedContentOffset:)` says, the offset as
    /// it stands (kept or anchored, then pulled back out of any overhang past the end of shrunk
    /// content: `pullBackIntoContent`) proposed (`settleAfterUpdate`). On any error the collection
    /// view is left exactly as it was.
    public func performBatchUpdates(_ update: BatchUpdate, animation: AnimationTiming?) throws {
        let newCounts = try Self.loadCounts(dataSource)
        let plan = try UpdatePlan.make(update: update, oldCounts: counts, newCounts: newCounts, countsChecked: true)
        try commit(
            plan, animation: animation,
            identities: identities(afterChangeTo: newCounts, placesChanged: !update.isEmpty))
    }

    /// Commits a validated batch update (`performBatchUpdates`, `applySnapshot`); `identities`
    /// become the view's identifiers. `carrying` (a snapshot's identity diff, when the committed
    /// batch is its portable form: docs/batch-update-rules.md, "Snapshot diffs UIKit accepts")
    /// says which elements the animation and the anchor carry to their new places: an item the
    /// portable batch deletes and inserts because UIKit could not map its move still moves on
    /// screen. Both plans give the same final state. On any error the collection view is left
    /// exactly as it was.
    func commit(
        _ plan: UpdatePlan, animation requested: AnimationTiming?, identities newIdentities: Identities,
        carrying identityPlan: UpdatePlan? = nil
    ) throws {
        let carry = identityPlan ?? plan
        let newCounts = plan.newCounts
        // An animation starts from what is on screen: the layout's state for the current counts.
        // When the layout holds none (nothing laid out since the counts were loaded: creation,
        // `reloadData`, a data-count invalidation that changed them, a failed update or switch),
        // there is nothing on screen to animate from, and preparing that state now would ask
        // the layout, its delegate or data source about counts the host no longer has (it
        // changed its data before this call). UIKit: "If the collection view's layout is not up
        // to date before you call this method, a reload may occur": the update is applied
        // without animation (docs/batch-update-rules.md, "A layout that is not up to date").
        let animation = hasLaidOutCurrentCounts ? requested : nil
        // Capture what is on screen now, before anything changes: the elements, and the anchor
        // (one waiting since new sizes were handed over for this update, else taken now).
        // (The update's set-up reads it in order: `makeUpdateTransition`.)
        let before: OnScreen = animation != nil ? try onScreen(in: bounds, indexed: false) : (ElementTable(), [])
        let anchor = try pendingAnchor ?? captureAnchor()
        openChange?.isSpent = true

        let saved = (counts, lastPlan, transition, pending, needsPrepare)
        let savedLayoutState = layout.stateForRollback()
        let savedIdentities = identities, savedOffset = contentOffset, savedAnchor = pendingAnchor
        let savedScroll = scrollAnimation  // moving the offset (anchor, target offset) stops a scroll
        suspendAnchoring = true
        defer { suspendAnchoring = false }
        do {
            counts = newCounts
            identities = newIdentities
            lastPlan = plan
            pendingAnchor = nil
            var ctx = InvalidationContext.dataSourceCounts
            ctx.updateItems = plan.updateItems
            invalidate(ctx)
            try layoutIfNeeded()
            var shift = Point.zero
            if let anchor {
                shift = try restoreAnchor(anchor) { key in
                    guard key.category == .cell, let ip = carry.newIndexPath(forOld: key.indexPath) else { return nil }
                    var k = key
                    k.indexPath = ip
                    return k
                }
                try layoutIfNeeded()
            }
            // A viewport now hanging past the end of the content comes back into it (UXKit's
            // `-_endItemAnimations`, before `-_updateWithItems:`).
            let pulled = try pullBackIntoContent()
            try layout.prepare(forCollectionViewUpdates: plan.updateItems)
            // UIKit then asks the layout where to rest (`settleAfterUpdate`); the animation
            // starts from what was on screen whatever the offset became.
            let settled = try settleAfterUpdate()
            shift = Point(x: shift.x + pulled.x + settled.x, y: shift.y + pulled.y + settled.y)
            if let animation {
                transition = try makeUpdateTransition(plan: carry, before: before, shift: shift, timing: animation)
                transitionMayRun()
            } else {
                transition = nil
            }
            try layout.finalizeCollectionViewUpdates()
        } catch {
            (counts, lastPlan, transition, pending, needsPrepare) = saved
            transitionMayRun()
            identities = savedIdentities
            contentOffset = savedOffset
            scrollAnimation = savedScroll
            pendingAnchor = savedAnchor
            if let savedLayoutState { layout.restore(forRollback: savedLayoutState) }
            preparedCounts = nil  // the layout may hold the new counts' state now
            invalidate(.dataSourceCounts)
            throw error
        }
    }

    /// An element's fate in an update's set-up (`makeUpdateTransition`) besides a position in
    /// `after`: mapped to a key that is not on screen after (the next of its `offScreen`), or
    /// mapped to none.
    private static var offScreenNext: Int32 { -1 }
    private static var gone: Int32 { -2 }

    /// Maps an on-screen element key from before the update to after it.
    private func mapForward(_ key: ElementKey, _ plan: UpdatePlan, _ items: inout UpdatePlan.ItemMapper) -> ElementKey?
    {
        var k = key
        if key.category == .cell {
            guard let ip = items.map(key.indexPath) else { return nil }
            k.indexPath = ip
        } else {
            guard let s = plan.newSection(forOld: key.indexPath.section),
                !plan.reloadedSections.contains(key.indexPath.section)
            else { return nil }
            k.indexPath.section = s
        }
        return k
    }

    private func existedBefore(_ key: ElementKey, _ plan: UpdatePlan) -> Bool {
        if key.category == .cell {
            return plan.oldIndexPath(forNew: key.indexPath) != nil && !plan.isReloaded(new: key.indexPath)
        }
        return plan.oldSection(forNew: key.indexPath.section) != nil
            && !plan.reloadedSectionsAfterUpdate.contains(key.indexPath.section)
    }

    /// `shift`: how far the content offset moved with the update (anchoring, pull-back, the
    /// layout's resting offset); every element starts where it was on screen, its old
    /// attributes moved by it.
    private func makeUpdateTransition(
        plan: UpdatePlan, before: OnScreen, shift: Point,
        timing: AnimationTiming
    ) throws -> Transition {
        var tr = Transition(timing: timing, start: currentTime, discreteSlots: layout.discreteCustomSlots)
        // (`endsAreTurns`: every end read from `after` is a turned cell, its turn known.)
        let (after, endsAreTurns) = try layoutAttributesForElementsFinal(in: bounds)
        // The elements on screen after, by key: their positions in `after` (the last of a key
        // that comes twice), read in place rather than copied into a table; when the keys of
        // `after` strictly ascend (no key twice: every element at one z-index), searched in it
        // instead (`AscendingKeys`), with no table.
        let ascending = after.withUnsafeBufferPointer { AscendingKeys.ascend($0) }
        var afterByKey = KeyIndex()
        if !ascending {
            afterByKey.reserveCapacity(after.count)
            after.withUnsafeBufferPointer { for i in $0.indices { afterByKey.set($0[i].key, i) } }
        }

        // Elements on screen before: move to their new place, or disappear. The new places of
        // those not on screen after are looked up together (one query for a layout whose every
        // lookup queries its whole content). Each old key is mapped forward once.
        var items = UpdatePlan.ItemMapper(plan)
        // Each one's fate, looked up once (searched from the position after the last one found:
        // elements mostly keep their order), written in place: its position in `after` (≥ 0: its
        // new key is that element's key), `offScreenNext` (mapped to a key not on screen after: the
        // next of `offScreen`, in order) or `gone` (no new key). 4 bytes an element: its new key and
        // position as optionals took 40 (4 MB at 10^5, written into fresh pages and read once).
        // (`after` holds at most `maxAnimatedElements` elements: a position fits.)
        let n = before.present.count
        var hint = 0
        var offScreen: [ElementKey] = []
        let fates = [Int32](unsafeUninitializedCapacity: n) { out, written in
            before.present.keys.withUnsafeBufferPointer { olds in
                after.withUnsafeBufferPointer { a in
                    for i in 0..<n {
                        var fate = Self.gone
                        if let key = mapForward(olds[i], plan, &items) {
                            let p: Int?
                            if ascending {
                                p = AscendingKeys.position(of: key, in: a, hint: hint)
                                if let p { hint = p + 1 }
                            } else {
                                p = afterByKey[key]
                            }
                            if let p {
                                fate = Int32(truncatingIfNeeded: p)
                            } else {
                                fate = Self.offScreenNext
                                offScreen.append(key)
                            }
                        }
                        (out.baseAddress! + i).initialize(to: fate)
                    }
                }
            }
            written = n
        }
        let looked = try layout.layoutAttributes(forKeys: offScreen)
        // Which elements on screen after got a track from one on screen before, by position.
        // (Owned here, freed on the way out: a mark is one store, no uniqueness check of an array.)
        let claimed = UnsafeMutableBufferPointer<Bool>.allocate(capacity: after.count)
        claimed.initialize(repeating: false)
        defer { claimed.deallocate() }
        // When every element on screen before keeps its place in draw order (an update that moves
        // everything on screen), track i ends at after[i]: the answer is kept as the tracks' ends.
        reuseSpareEnds(in: &tr, adopting: after, least: after.count, reserving: before.present.count + after.count)
        // A track for at most each element after and each one before whose element is off screen
        // after (`offScreen`; one whose element is after takes its track or leaves it to the loop
        // over `after`, one that is gone disappears): the tracks' memory (keys, shapes, made
        // parts) sized for what the set-up can use, not for before + after (a delete at 10^5
        // reserved 2×10^5: 20 MB more asked for, and a heap glibc grew and trimmed each time).
        tr.tracks.reserveCapacity(after.count + offScreen.count, least: after.count)
        let moved = shift != .zero
        let viewport = bounds
        // Nil for every element when the layout has no appear hook: not asked.
        let asksAppearing = !layout.appearsWithoutAttributes
        // (Every start read from `olds` is a turned cell, its turn known.)
        let startsAreTurns = before.present.holdsOnlyTurnedCells
        try before.present.elements.withUnsafeBufferPointer { olds in
            try after.withUnsafeBufferPointer { after in
                var nextOffScreen = 0
                for i in 0..<before.present.count {
                    let fate = fates[i]
                    if fate >= 0 {
                        let afterPosition = Int(fate)
                        let newKey = after[afterPosition].key
                        // On screen after too (every element of an update that keeps everything on
                        // screen): the same steps as below with both ends read in place, each copied
                        // once, into its track (300-byte records).
                        var frame = olds[i].frame
                        if moved {
                            frame.origin.x += shift.x
                            frame.origin.y += shift.y
                        }
                        // (The frame tested first: the start's transform is read only when its
                        // frame misses the viewport, not copied for every element.)
                        if !frame.intersects(viewport),
                            !LayoutAttributes.isOnScreen(frame: frame, transform: olds[i].transform, in: viewport),
                            !after[afterPosition].isOnScreen(in: viewport)
                        {
                            continue
                        }
                        let end = after.baseAddress! + afterPosition
                        if asksAppearing,
                            let start = try layout.initialAttributes(forAppearing: newKey, final: end.pointee)
                        {
                            tr.tracks.set(newKey, from: start, to: end.pointee)
                        } else {
                            tr.tracks.set(
                                newKey, fromAt: olds.baseAddress! + i, movedBy: moved ? shift : nil,
                                indexPath: newKey.indexPath, toAt: end, startIsTurn: startsAreTurns,
                                endIsTurn: endsAreTurns)
                        }
                        claimed[afterPosition] = true
                        continue
                    }
                    var newKey: ElementKey?
                    if fate == Self.offScreenNext {
                        newKey = offScreen[nextOffScreen]
                        nextOffScreen += 1
                    }
                    let oldKey = before.present.keys[i]
                    let old = moved ? olds[i].moved(by: shift) : olds[i]
                    let to = newKey.flatMap { looked[$0] }
                    // Off screen now and at the end (a running animation's track for an element that
                    // has since left the viewport): no track, so overlapping animations hold only what
                    // is on screen (docs/animation-rules.md, "Overlapping animations").
                    if !old.isOnScreen(in: viewport) {
                        if to.map({ !$0.isOnScreen(in: viewport) }) ?? true { continue }
                    }
                    if let newKey, let to {
                        var from = old
                        from.indexPath = newKey.indexPath
                        let start =
                            (asksAppearing ? try layout.initialAttributes(forAppearing: newKey, final: to) : nil)
                            ?? from
                        tr.tracks.set(newKey, from: start, to: to)
                    } else {
                        var end = try layout.finalAttributes(forDisappearing: oldKey, current: old) ?? old.fadedOut
                        end.identifier = old.identifier
                        tr.addDisappearing(from: old, to: end)
                    }
                }
            }
        }
        // Elements already on their way out go on with their own removal (docs/animation-rules.md,
        // "Overlapping animations").
        tr.disappearing += moved ? before.disappearing.map { $0.moved(by: shift) } : before.disappearing

        // Elements on screen after that were not on screen before: inserted ones crossfade in
        // (or start where the layout says), others appear in place.
        for j in after.indices {
            // (A claimed position is the one `afterByKey` gives its element's key: `j` itself when
            // the keys ascend.)
            if claimed[j] || (!ascending && claimed[afterByKey[after[j].key] ?? 0]) { continue }
            let a = after[j]
            let existed = existedBefore(a.key, plan)
            let start =
                (asksAppearing ? try layout.initialAttributes(forAppearing: a.key, final: a) : nil)
                ?? (existed ? a : a.fadedOut)
            if start != a { tr.tracks.set(a.key, from: start, to: a) }
        }
        return tr
    }

    /// The layout's final attributes in `rect` (no presentation), validated and in draw order,
    /// and whether each is a turned cell the layout sent as one (`layoutOwnAnswer`).
    func layoutAttributesForElementsFinal(
        in rect: Rect
    ) throws -> (elements: [LayoutAttributes], onlyTurnedCells: Bool) {
        try layoutIfNeeded()
        return try layoutOwnAnswer(in: rect, limit: Self.maxAnimatedElements)
    }

    // MARK: Layout switching

    /// `setCollectionViewLayout:animated:` — makes `newLayout` the layout. The content offset is
    /// carried so the cell nearest the centre of the viewport keeps its centre's place on screen
    /// (clamped to the new content size). Under an anchoring policy the policy's cell keeps its
    /// leading edge (frame origin) where it was on screen, as anchoring keeps it through other
    /// changes; under `.end`, a view showing the end shows the end of the new content, and
    /// otherwise the last visible cell keeps the distance from its trailing edge to the
    /// viewport's end (docs/animation-rules.md, "Anchoring across layout switches"). With
    /// `animation`, every element moves from its old on-screen
    /// attributes to its new ones; elements only in one layout crossfade. On error the old
    /// layout stays.
    public func setLayout(_ newLayout: CollectionViewLayout, animation: AnimationTiming?) throws {
        guard newLayout !== layout else { return }
        openChange?.isSpent = true
        guard newLayout.collectionView == nil else {
            throw LayoutError.state("the layout is already attached to another collection view")
        }
        let oldLayout = layout
        let oldOffset = contentOffset
        let before: OnScreen = animation != nil ? try onScreen(in: bounds) : (ElementTable(), [])
        // The anchor: the visible cell nearest the viewport's centre, by its final attributes
        // (the first in draw order on a tie). Found through a sink (O(1) memory), in boxes
        // around the centre when the viewport holds more than CVL_MAX_QUERY_ELEMENTS elements.
        try layoutIfNeeded()
        var anchor = try layout.nearestCell(to: bounds.center, in: bounds, counts: counts) { a, d, b, bd in
            d < bd || (d == bd && LayoutAttributes.drawsBefore(a, b))
        }
        // Under an anchoring policy the policy's cell is the anchor instead, kept by its leading
        // edge (`.end`: the last visible cell, by its trailing edge; at the end, the view stays
        // at the end of the new layout's content).
        let policyAnchor = try switchAnchor()
        if let policyAnchor { anchor = policyAnchor }
        let fromEnd = anchorPolicy == .end
        let stickToEnd = fromEnd && isShowingEnd()

        let saved = (pending, needsPrepare, transition, contentOffset)
        let savedAnchor = pendingAnchor
        pendingAnchor = nil  // the switch places its own anchor
        suspendAnchoring = true
        defer { suspendAnchoring = false }
        do {
            try oldLayout.prepareForTransition(to: newLayout)
            layout = newLayout
            newLayout.collectionView = self
            try newLayout.prepareForTransition(from: oldLayout)
            invalidate(.everything)
            try layoutIfNeeded()
            let size = cachedContentSize
            let found = try anchor.flatMap { try newLayout.layoutAttributes(for: $0.key) }
            var kept: Point?
            if let anchor, let a = found {
                let raw: Point
                if policyAnchor != nil {
                    let c = Self.candidate(anchor, offset: oldOffset, viewport: boundsSize, fromEnd: fromEnd)
                    raw = anchoredOffset(a, c, fromEnd: fromEnd)
                } else {
                    raw = Point(
                        x: a.center.x - (anchor.center.x - oldOffset.x), y: a.center.y - (anchor.center.y - oldOffset.y)
                    )
                }
                kept = Point(
                    x: clampOffset(raw.x, content: size.width, viewport: boundsSize.width),
                    y: clampOffset(raw.y, content: size.height, viewport: boundsSize.height))
            }
            if stickToEnd {
                var o = kept ?? contentOffset
                if Self.scrollsVertically(layout: newLayout, content: size, viewport: boundsSize) {
                    o.y = clampOffset(
                        size.height - boundsSize.height, content: size.height, viewport: boundsSize.height)
                } else {
                    o.x = clampOffset(size.width - boundsSize.width, content: size.width, viewport: boundsSize.width)
                }
                kept = o
            }
            if let keptOffset = kept {
                let (x, y) = (keptOffset.x, keptOffset.y)
                var proposed = try newLayout.targetContentOffset(forProposedContentOffset: Point(x: x, y: y))
                if policyAnchor != nil, !stickToEnd, let a = found,
                    newLayout.snapsContentOffset || proposed != Point(x: x, y: y)
                {
                    // A layout that snaps (Cover Flow) rests on the cell nearest the centre, which
                    // at the kept offset may be another cell — even when that offset is itself a
                    // resting point (clamped to the end, or the anchor one cover off centre):
                    // propose the offset that centres the anchor, so the snap keeps the user's cell.
                    let cx = clampOffset(
                        a.center.x - boundsSize.width / 2, content: size.width, viewport: boundsSize.width)
                    let cy = clampOffset(
                        a.center.y - boundsSize.height / 2, content: size.height, viewport: boundsSize.height)
                    proposed = try newLayout.targetContentOffset(
                        forProposedContentOffset: Point(x: cx, y: cy), withScrollingVelocity: .zero)
                }
                if proposed.isFinite { try setContentOffset(proposed); try layoutIfNeeded() }
            }
            if let animation {
                // Every element starts where it was on screen (its old attributes moved with the
                // offset change), so the first frame is the old layout's last static frame.
                let shift = Point(x: contentOffset.x - oldOffset.x, y: contentOffset.y - oldOffset.y)
                let newOffset = contentOffset
                // Each start is the old layout's attributes moved by the shift, or a crossfade.
                transition = try makeRelayoutTransition(
                    before: before, shift: shift, timing: animation, startsShift: shift
                ) { after, fresh in
                    // The old layout's attributes as it showed them: at the old offset (a layout
                    // such as Cover Flow computes them from the visible rect at query time).
                    contentOffset = oldOffset
                    defer { contentOffset = newOffset }
                    return try oldLayout.freshStarts(after: after, fresh: fresh)
                }
                transitionMayRun()
            } else {
                transition = nil
            }
            oldLayout.collectionView = nil
            try oldLayout.finalizeLayoutTransition()
            try newLayout.finalizeLayoutTransition()
        } catch {
            if newLayout.collectionView === self { newLayout.collectionView = nil }
            layout = oldLayout
            oldLayout.collectionView = self
            (pending, needsPrepare, transition, contentOffset) = saved
            transitionMayRun()
            pendingAnchor = savedAnchor
            preparedCounts = nil  // the old layout's state may have been replaced meanwhile
            invalidate(.everything)
            throw error
        }
    }
}
