/// `prepare()`: works out what is stale, asks the delegate only for that, and recomputes the
/// sections concerned. Every fallible step (delegate calls, validation) runs before the state
/// is touched, so on error the previous layout stays in place and the pending invalidation is
/// kept for the next attempt.
extension FlowLayout {
    /// What to do with one section.
    enum SectionPlan {
        /// Keep its metrics and sizes (re-positioned if the whole layout is).
        case reuse
        /// Re-ask the sizes of these items (sorted, unique, in range); keep its metrics.
        case refetchItems([Int])
        /// Ask everything again (metrics and sizes).
        case fetch
        /// Ask everything again; the sizes changed only by these range edits (`sizeEdits`), so
        /// the lines they cannot affect are kept when the metrics are the same.
        case edit(FlowEdit)
        /// Touched by a batch update of items: re-ask the section's metrics; keep its sizes
        /// (bulk or `itemSize`, unchanged) and its lines when the metrics are the same.
        case metrics
        /// Touched by a batch update of items, sized by the delegate's `sizeForItemAt`: re-ask
        /// the metrics and only the inserted and reloaded items' sizes; moved items keep theirs.
        case itemUpdates([UpdateItem])
    }

    func prepareFlow() throws {
        let cv = collectionView
        let counts = cv?.counts ?? []
        let axis = FlowAxis(scrollDirection)
        let crossSize = axis.cross(cv?.boundsSize ?? .zero)
        let methods = delegate?.implementedMethods ?? []
        let ctx = pendingContext

        // A batch update that only changes some sections' item counts, in a layout without
        // delegate answers (nothing else can depend on the counts): only those sections are laid
        // out again, the others only move (`countChanged`).
        var countChanged: [Int] = []
        if let st = state, !needsFullRebuild, !ctx.invalidateEverything, !ctx.invalidateDelegateMetrics,
            methods.isEmpty, st.axis == axis, st.methods == methods, st.sections.count == counts.count
        {
            countChanged = st.sectionsWithChangedCounts(counts) ?? []
        }
        // A batch update of items only (no section inserted, deleted, reloaded or moved) in a
        // layout with delegate answers: only the sections it touches are asked again
        // (include/cvlayout.h, "What a batch update asks the delegate again").
        var touched: [Int: [UpdateItem]] = [:]
        if let st = state, !methods.isEmpty, !needsFullRebuild, !ctx.invalidateEverything,
            !ctx.invalidateDelegateMetrics, ctx.invalidateDataSourceCounts, !ctx.updateItems.isEmpty,
            st.axis == axis, st.methods == methods, st.sections.count == counts.count,
            let t = Self.touchedSections(ctx.updateItems, counts: counts)
        {
            touched = t
            for s in st.sectionsWithChangedCounts(counts) ?? [] where touched[s] == nil { touched[s] = [] }
            countChanged = touched.keys.sorted()
        }
        let countsOnly = !countChanged.isEmpty || (state?.matches(counts) ?? false)
        var full =
            needsFullRebuild || ctx.invalidateEverything || ctx.invalidateDelegateMetrics
            || (ctx.invalidateDataSourceCounts && !countsOnly)
        if let st = state {
            if st.axis != axis || st.methods != methods || (!st.matches(counts) && countChanged.isEmpty) { full = true }
        } else {
            full = true
        }

        if full {
            try rebuildState(
                counts: counts, axis: axis, crossSize: crossSize, methods: methods,
                reuseSections: false, plans: [:])
        } else {
            // (No local copy of the state is kept across the calls below: they update its
            // tables in place, which needs them uniquely referenced.)
            var plans = sectionPlans(ctx)
            for s in countChanged {
                if case .edit(let e) = plans[s], e.newCount == counts[s] { continue }
                if let list = touched[s], let st = state {
                    let sec = st.sections[s]
                    // (A section with other pending changes, such as invalidated items, is asked
                    // everything again.)
                    if plans[s] == nil, bulkSizes[s] == nil, sec.sizeSource == .delegate,
                        methods.contains(.sizeForItem)
                    {
                        plans[s] = .itemUpdates(list)
                        continue
                    }
                    if plans[s] == nil, sec.itemCount == counts[s] {
                        plans[s] = .metrics
                        continue
                    }
                }
                plans[s] = .fetch
            }
            if ctx.invalidateLayoutAttributes || crossSize != state?.crossSize {
                try rebuildState(
                    counts: counts, axis: axis, crossSize: crossSize, methods: methods,
                    reuseSections: true, plans: plans)
            } else if !plans.isEmpty {
                try updateSections(plans, counts: counts, methods: methods)
            }
        }
        // (Debug builds: the counts the state says its sections hold are theirs.)
        assert(
            state.map { st in
                st.counts.count == st.sections.count
                    && st.sections.indices.allSatisfy { st.sections[$0].itemCount == st.counts[$0] }
            } ?? true)
        pendingContext = InvalidationContext()
        needsFullRebuild = false
        dirtySections.removeAll()
        sizeEdits.removeAll()
        handedOver.removeAll()
        forgetMeasurements(ifCountsChangedFrom: counts)
    }

    /// Plans for a partial update: sections whose bulk sizes changed are fetched again,
    /// sections with invalidated items re-ask those items.
    private func sectionPlans(_ ctx: InvalidationContext) -> [Int: SectionPlan] {
        var plans: [Int: SectionPlan] = [:]
        guard let st = state else { return plans }
        let n = st.sections.count
        for s in dirtySections where s >= 0 && s < n { plans[s] = .fetch }
        for (s, e) in sizeEdits where s >= 0 && s < n && plans[s] == nil {
            plans[s] = e.baseCount == st.sections[s].itemCount ? .edit(e) : .fetch
        }
        var items: [Int: Set<Int>] = [:]
        for ip in ctx.invalidatedItems where ip.section >= 0 && ip.section < n && plans[ip.section] == nil {
            // Index paths outside the cached counts are ignored: a count change comes with a
            // data-count invalidation, which recomputes everything.
            guard ip.item >= 0, ip.item < st.sections[ip.section].itemCount else { continue }
            items[ip.section, default: []].insert(ip.item)
        }
        for (s, list) in items { plans[s] = .refetchItems(list.sorted()) }
        return plans
    }

    // MARK: Full rebuild

    /// Builds a whole new state and installs it: sections are fetched (`reuseSections` false,
    /// or plan `.fetch` / `.edit`), re-asked for some items, or reused from the current state;
    /// then every section is laid out.
    private func rebuildState(
        counts: [Int], axis: FlowAxis, crossSize: Double, methods: FlowDelegateMethods,
        reuseSections: Bool, plans: [Int: SectionPlan]
    ) throws {
        // 1. Fallible: resolve every section's inputs.
        var sections = try resolveSections(
            counts: counts, axis: axis, methods: methods,
            reuseSections: reuseSections, plans: plans)
        // 2. Infallible: lay every section out, in the old layout's tables (FlowTableRecycler).
        var recycler = FlowTableRecycler()
        var oldBlocks: FlowOriginBlocks?
        if var old = state {
            state = nil
            hasState = false
            for s in old.sections.indices { recycler.collect(&old.sections[s].body) }
            oldBlocks = old.takeBlocks()
        }
        let lines = laysOutLines
        for s in sections.indices {
            if lines {
                sections[s].layOut(axis: axis, crossSize: crossSize, recycling: &recycler)
            } else {
                sections[s].layOutWithoutLines(axis: axis, crossSize: crossSize)
            }
        }
        var st = FlowState(axis: axis, crossSize: crossSize, methods: methods)
        // Moved, not shared: restacking writes the sections in place, and a second reference
        // would copy all of them first (every table retained and released again: with 10^5
        // sections of a grid, a quarter of the whole prepare).
        st.sections = consume sections
        st.stackSections(reusing: oldBlocks.take())
        st.counts = counts
        state = st
        hasState = true
        originsPending = false
    }

    /// Every section's inputs for a rebuild (in its own function so that its reference to
    /// the current state ends before the tables are recycled).
    private func resolveSections(
        counts: [Int], axis: FlowAxis, methods: FlowDelegateMethods,
        reuseSections: Bool, plans: [Int: SectionPlan]
    ) throws -> ContiguousArray<FlowSection> {
        var sections = ContiguousArray<FlowSection>()
        sections.reserveCapacity(counts.count)
        let old = reuseSections ? state : nil
        // Items sized one by one by the delegate, over all sections: bounded like a single
        // section's (each is a stored size and a callback).
        var stored = 0
        func checkStored(_ source: FlowSizeSource, _ count: Int, _ s: Int) throws {
            guard source == .delegate else { return }
            stored += count
            guard stored <= CollectionView.maxStoredItems else {
                throw LayoutError(
                    .overflow,
                    "sections 0...\(s) have \(stored) items sized by the delegate's sizeForItemAt; at most "
                        + "\(CollectionView.maxStoredItems) items can be sized one by one (hand the sizes over in "
                        + "bulk, or use one itemSize)"
                )
            }
        }
        // Each section appended where it is made (a section is a value of a few hundred bytes:
        // each intermediate copy was a memcpy).
        // (The old sections' count read once: a check of the optional state a section cost a
        // full pass about 9 instructions a section.)
        let oldCount = old?.sections.count ?? 0
        for (s, n) in counts.enumerated() {
            if s < oldCount, let old {
                switch plans[s] ?? .reuse {
                case .reuse:
                    sections.append(old.sections[s])
                case .refetchItems(let items):
                    let refetched = try refetchSizes(items, of: old.sections[s], section: s, methods: methods)
                    sections.append(refetched?.0 ?? old.sections[s])
                case .fetch, .edit, .metrics:
                    sections.append(try resolveSection(s, count: n, axis: axis, methods: methods))
                case .itemUpdates(let list):
                    let sizes = try updatedSizes(list, section: s, old: old, methods: methods).0
                    sections.append(try resolveSection(s, count: n, axis: axis, methods: methods, delegateSizes: sizes))
                }
            } else {
                sections.append(try resolveSection(s, count: n, axis: axis, methods: methods))
            }
            try checkStored(sections[s].sizeSource, sections[s].itemCount, s)
        }
        return sections
    }

    // MARK: Partial update

    /// Recomputes only the planned sections and moves the sections after them.
    private func updateSections(_ plans: [Int: SectionPlan], counts: [Int], methods: FlowDelegateMethods) throws {
        // 1. Fallible: new inputs of the sections that really changed.
        let changed = try changedSections(plans, counts: counts, methods: methods)
        // 2. Infallible from here: take the state out (so the lines of an edited section are
        // uniquely referenced and updated in place), lay the sections out, restack.
        guard !changed.isEmpty, var st = state else { return }
        state = nil
        hasState = false
        let lines = laysOutLines
        for (s, var sec, edit) in changed {
            if !lines {
                sec.layOutWithoutLines(axis: st.axis, crossSize: st.crossSize)
            } else if let edit {
                var old = st.sections[s]
                st.sections[s].body = FlowLineBlocks()  // `old` holds the only reference: edited in place
                if sec.layOut(axis: st.axis, crossSize: st.crossSize, reusing: &old, edit: edit) {
                    incrementalLayouts += 1
                    incrementalLinesBroken += sec.body.linesBroken
                    incrementalOffsetNodes += sec.body.offsetNodesVisited
                    if sec.body.reindexedAll { incrementalFullReindexes += 1 }
                    if sec.body.brokeLong { incrementalLongLayouts += 1 }
                    incrementalUniformJumps += sec.body.uniformJumps
                }
            } else {
                // In the old lines' tables (FlowTableRecycler: no fresh pages for a hand-over).
                var recycler = FlowTableRecycler()
                recycler.collect(&st.sections[s].body)
                sec.layOut(axis: st.axis, crossSize: st.crossSize, recycling: &recycler)
            }
            st.replaceSection(s, with: sec)
        }
        // (`changed` is ascending by section.)
        sectionsRestacked += st.restack(from: changed[0].0, through: changed[changed.count - 1].0)
        partialRestacks += 1
        st.counts = counts
        originsPending = st.staleBlocks != 0
        state = st
        hasState = true
    }

    /// The planned sections whose inputs changed, with their new inputs (not laid out yet).
    private func changedSections(
        _ plans: [Int: SectionPlan], counts: [Int],
        methods: FlowDelegateMethods
    ) throws -> [(Int, FlowSection, FlowEdit?)] {
        guard let current = state else { return [] }
        var changed: [(Int, FlowSection, FlowEdit?)] = []
        for s in plans.keys.sorted() where s < current.sections.count {
            let old = current.sections[s]
            switch plans[s] ?? .reuse {
            case .reuse:
                break
            case .refetchItems(let items):
                if let (sec, edit) = try refetchSizes(items, of: old, section: s, methods: methods) {
                    changed.append((s, sec, edit))
                }
            case .fetch:
                let n = s < counts.count ? counts[s] : old.itemCount
                changed.append((s, try resolveSection(s, count: n, axis: current.axis, methods: methods), nil))
            case .edit(let e):
                let n = s < counts.count ? counts[s] : old.itemCount
                changed.append((s, try resolveSection(s, count: n, axis: current.axis, methods: methods), e))
            case .metrics:
                let sec = try resolveSection(s, count: old.itemCount, axis: current.axis, methods: methods)
                if !sec.hasSameMetrics(as: old) { changed.append((s, sec, nil)) }
            case .itemUpdates(let list):
                let (sizes, edit) = try updatedSizes(list, section: s, old: current, methods: methods)
                let n = s < counts.count ? counts[s] : old.itemCount
                let sec = try resolveSection(
                    s, count: n, axis: current.axis, methods: methods, delegateSizes: sizes)
                changed.append((s, sec, edit))
            }
        }
        return changed
    }

    // MARK: Asking the delegate

    /// Resolves a section's metrics and sizes: delegate answers where implemented, layout
    /// properties otherwise, bulk sizes first for the sizes.
    private func resolveSection(
        _ s: Int, count n: Int, axis: FlowAxis, methods: FlowDelegateMethods, delegateSizes: FlowSizes? = nil
    ) throws -> FlowSection {
        var sec = FlowSection()
        sec.itemCount = n
        let d = methods.isEmpty ? nil : delegate

        if let d, methods.contains(.insetForSection) {
            let v = try ask("insetForSectionAt", "section \(s)") { try d.flowLayout(self, insetForSectionAt: s) }
            guard FlowLayout.isValidInsets(v) else {
                throw LayoutError.callback(
                    "insetForSectionAt returned (\(v.top), \(v.left), \(v.bottom), \(v.right)) for section \(s); "
                        + "insets must be finite and at most \(FlowLayout.maxMagnitude) in magnitude"
                )
            }
            sec.inset = v
        } else {
            // `sectionInset` is validated by `configure(_:)`; a subclass's derived insets here.
            let inset = effectiveSectionInset
            guard FlowLayout.isValidInsets(inset) else {
                throw LayoutError.invalid(
                    "section insets (\(inset.top), \(inset.left), \(inset.bottom), "
                        + "\(inset.right)) must be finite and at most \(FlowLayout.maxMagnitude)")
            }
            sec.inset = inset
        }
        sec.setAlignment(configuration)
        sec.lineSpacing = try spacing(
            s, methods.contains(.minimumLineSpacingForSection) ? d : nil,
            "minimumLineSpacingForSectionAt", minimumLineSpacing, FlowLayout.isValidOffset
        ) {
            try $0.flowLayout(self, minimumLineSpacingForSectionAt: s)
        }
        sec.interitemSpacing = try spacing(
            s, methods.contains(.minimumInteritemSpacingForSection) ? d : nil,
            "minimumInteritemSpacingForSectionAt", minimumInteritemSpacing,
            FlowLayout.isValidExtent
        ) {
            try $0.flowLayout(self, minimumInteritemSpacingForSectionAt: s)
        }
        sec.headerSize = try referenceSize(
            s, axis, methods.contains(.referenceSizeForHeader) ? d : nil,
            "referenceSizeForHeaderInSection", headerReferenceSize
        ) {
            try $0.flowLayout(self, referenceSizeForHeaderInSection: s)
        }
        sec.footerSize = try referenceSize(
            s, axis, methods.contains(.referenceSizeForFooter) ? d : nil,
            "referenceSizeForFooterInSection", footerReferenceSize
        ) {
            try $0.flowLayout(self, referenceSizeForFooterInSection: s)
        }

        if let bulk = bulkSizes[s], !(measured[s] != nil && bulk.sizes.count != n && ownsSizes.contains(s)) {
            // (An array the layout made for measured sizes whose section's count changed is
            // dropped after this prepare: the section is back to its estimates.)
            guard bulk.sizes.count == n else {
                throw LayoutError(
                    .invalidArgument,
                    "item sizes for section \(s) have \(bulk.sizes.count) entries but the section has \(n) items")
            }
            sec.sizeSource = .bulk
            sec.setSizes(bulk.sizes, uniform: bulk.uniform)
        } else if d != nil, methods.contains(.sizeForItem), let delegateSizes, delegateSizes.count == n {
            sec.sizeSource = .delegate
            sec.setSizes(delegateSizes, uniform: delegateSizes.allEqual())
        } else if let d, methods.contains(.sizeForItem) {
            // Checked before the first question: the sizes are stored (16 bytes an item) and
            // each one is a callback.
            guard n <= CollectionView.maxStoredItems else {
                throw LayoutError(
                    .overflow,
                    "section \(s) has \(n) items sized by the delegate's sizeForItemAt; at most "
                        + "\(CollectionView.maxStoredItems) items can be sized one by one (hand the sizes over in "
                        + "bulk, or use one itemSize)"
                )
            }
            var list = [Size]()
            list.reserveCapacity(Swift.min(n, 1 << 16))
            for i in 0..<n {
                list.append(try askSize(d, IndexPath(section: s, item: i)))
            }
            sec.sizeSource = .delegate
            let stored = FlowSizes(list)
            sec.setSizes(stored, uniform: stored.allEqual())
        } else {
            sec.sizeSource = .itemSize
            sec.isUniform = true
            sec.uniformSize = configuration.estimatedItemSize == .zero ? itemSize : configuration.estimatedItemSize
        }
        return sec
    }

    /// Re-asks the delegate for the sizes of `items`; nil when nothing changed (or the sizes
    /// do not come from the delegate, so asking again cannot change them). Otherwise the section
    /// with the new sizes and the range they changed.
    private func refetchSizes(
        _ items: [Int], of old: FlowSection, section s: Int,
        methods: FlowDelegateMethods
    ) throws -> (FlowSection, FlowEdit)? {
        guard old.sizeSource == .delegate, methods.contains(.sizeForItem), let d = delegate else { return nil }
        var list = FlowSizes()
        var materialized = false
        var edit: FlowEdit?
        for i in items where i >= 0 && i < old.itemCount {
            let v = try askSize(d, IndexPath(section: s, item: i))
            let current = materialized ? list[i] : old.size(ofItem: i)
            guard v != current else { continue }
            if !materialized {
                list = old.isUniform ? FlowSizes(repeating: old.uniformSize, count: old.itemCount) : old.sizes
                materialized = true
            }
            list[i] = v
            edit =
                edit?.then(start: i, removed: 1, inserted: 1)
                ?? FlowEdit(count: old.itemCount, start: i, removed: 1, inserted: 1)
        }
        guard materialized, let edit else { return nil }
        var sec = old
        sec.body = FlowLineBlocks()
        sec.setSizes(list, uniform: list.allEqual())
        return (sec, edit)
    }

    /// The sections a batch update of items touches, each with its update items (an item moved
    /// from one section to another is listed in both); nil when the update inserts, deletes,
    /// reloads or moves a section, or names an index path outside the counts (then the caller
    /// lays everything out again). O(update items).
    static func touchedSections(_ items: [UpdateItem], counts: [Int]) -> [Int: [UpdateItem]]? {
        var touched: [Int: [UpdateItem]] = [:]
        for u in items {
            if u.isSectionUpdate { return nil }
            var sections: [Int] = []
            for ip in [u.indexPathBeforeUpdate, u.indexPathAfterUpdate] {
                guard let ip else { continue }
                guard ip.section >= 0, ip.section < counts.count else { return nil }
                if !sections.contains(ip.section) { sections.append(ip.section) }
            }
            for s in sections { touched[s, default: []].append(u) }
        }
        return touched
    }

    /// A delegate-sized section's sizes after the batch update `items` (those touching section
    /// `s`), with the range edits that made them: deleted, moved-away and reloaded items are
    /// removed (highest first), then inserted, moved-in and reloaded items are put at their new
    /// places (lowest first); only inserted and reloaded items are asked (`sizeForItemAt`), a
    /// moved item keeps the size it had in its old section. O(k log k + k·chunk) for k updates.
    private func updatedSizes(
        _ items: [UpdateItem], section s: Int, old st: FlowState?, methods: FlowDelegateMethods
    ) throws -> (FlowSizes, FlowEdit?) {
        guard let st, let d = delegate, s < st.sections.count else { return (FlowSizes(), nil) }
        let old = st.sections[s]
        var removed: [Int] = []
        var added: [(Int, IndexPath?)] = []  // new item, old index path of a moved item (nil: ask)
        for u in items {
            let before = u.indexPathBeforeUpdate, after = u.indexPathAfterUpdate
            switch u.action {
            case .delete:
                if let before, before.section == s { removed.append(before.item) }
            case .insert:
                if let after, after.section == s { added.append((after.item, nil)) }
            case .reload:
                if let before, before.section == s { removed.append(before.item) }
                if let after, after.section == s { added.append((after.item, nil)) }
            case .move:
                if let before, before.section == s { removed.append(before.item) }
                if let after, after.section == s { added.append((after.item, before)) }
            case .none:
                break
            }
        }
        // Asked before anything is built: a failing callback leaves nothing half done.
        added.sort { $0.0 < $1.0 }
        var newSizes: [Size] = []
        newSizes.reserveCapacity(added.count)
        for (i, from) in added {
            if let from, from.section >= 0, from.section < st.sections.count,
                from.item >= 0, from.item < st.sections[from.section].itemCount
            {
                newSizes.append(st.sections[from.section].size(ofItem: from.item))
            } else {
                newSizes.append(try askSize(d, IndexPath(section: s, item: i)))
            }
        }
        var list = old.isUniform ? FlowSizes(repeating: old.uniformSize, count: old.itemCount) : old.sizes
        var edit: FlowEdit?
        for i in Set(removed).sorted(by: >) where i >= 0 && i < list.count {
            list.replaceSubrange(i, removing: 1, with: EmptyCollection<Size>())
            edit =
                edit?.then(start: i, removed: 1, inserted: 0)
                ?? FlowEdit(count: old.itemCount, start: i, removed: 1, inserted: 0)
        }
        for (k, (i, _)) in added.enumerated() where i >= 0 && i <= list.count {
            list.replaceSubrange(i, removing: 0, with: CollectionOfOne(newSizes[k]))
            edit =
                edit?.then(start: i, removed: 0, inserted: 1)
                ?? FlowEdit(count: old.itemCount, start: i, removed: 0, inserted: 1)
        }
        return (list, edit)
    }

    @inline(__always)
    private func askSize(_ d: FlowLayoutDelegate, _ ip: IndexPath) throws -> Size {
        let v = try ask("sizeForItemAt", "item \(ip)") { try d.flowLayout(self, sizeForItemAt: ip) }
        guard FlowLayout.isValidSize(v) else {
            throw LayoutError.callback(
                "sizeForItemAt returned \(v.width)x\(v.height) for item \(ip); sizes must be finite, non-negative "
                    + "and at most \(FlowLayout.maxMagnitude)"
            )
        }
        return v
    }

    /// The delegate's spacing for section `s`, checked by `isValid` (the rule of the matching
    /// configuration property), or the property's value (validated when configured).
    private func spacing(
        _ s: Int, _ d: FlowLayoutDelegate?, _ method: String, _ value: Double,
        _ isValid: (Double) -> Bool, _ call: (FlowLayoutDelegate) throws -> Double
    ) throws -> Double {
        guard let d else { return value }
        let v = try ask(method, "section \(s)") { try call(d) }
        guard isValid(v) else {
            throw LayoutError.callback(
                "\(method) returned \(v) for section \(s); spacings must be finite, at most "
                    + "\(FlowLayout.maxMagnitude) in magnitude, and not negative except the line spacing"
            )
        }
        return v
    }

    private func referenceSize(
        _ s: Int, _ axis: FlowAxis, _ d: FlowLayoutDelegate?, _ method: String,
        _ value: Size, _ call: (FlowLayoutDelegate) throws -> Size
    ) throws -> Size {
        guard let d else { return value }
        let v = try ask(method, "section \(s)") { try call(d) }
        guard FlowLayout.isValidReferenceSize(v, axis) else {
            throw LayoutError.callback(
                "\(method) returned \(v.width)x\(v.height) for section \(s); sizes must be finite, non-negative and "
                    + "at most \(FlowLayout.maxMagnitude)"
            )
        }
        return v
    }

    /// Calls the delegate; an error that is not a `LayoutError` becomes a `.callback` one
    /// naming the method and the element.
    @inline(__always)
    private func ask<T>(_ method: String, _ what: @autoclosure () -> String, _ call: () throws -> T) throws -> T {
        do {
            return try call()
        } catch let e as LayoutError {
            throw e
        } catch {
            throw LayoutError.callback("\(method) failed for \(what()): \(error)")
        }
    }
}
