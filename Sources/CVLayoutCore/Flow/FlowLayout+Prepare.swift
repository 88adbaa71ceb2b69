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
    }

    func prepareFlow() throws {
        let cv = collectionView
        let counts = cv?.counts ?? []
        let axis = FlowAxis(scrollDirection)
        let crossSize = axis.cross(cv?.boundsSize ?? .zero)
        let methods = delegate?.implementedMethods ?? []
        let ctx = pendingContext

        // A batch update that only changes some sections' item counts: only those sections are
        // laid out again, the others only move (`countChanged`). With delegate answers, when the
        // update names items only (no section inserted, deleted, moved or reloaded), the
        // sections it touches are asked again (`touchedByItemUpdates`) and no other.
        var countChanged: [Int] = []
        let itemUpdatesOnly =
            !ctx.updateItems.isEmpty && !ctx.updateItems.contains { $0.isSectionUpdate || $0.action == .none }
        if let st = state, !needsFullRebuild, !ctx.invalidateEverything, !ctx.invalidateDelegateMetrics,
            methods.isEmpty || itemUpdatesOnly, st.axis == axis, st.methods == methods,
            st.sections.count == counts.count
        {
            for (s, n) in counts.enumerated() where st.sections[s].itemCount != n { countChanged.append(s) }
            if !methods.isEmpty {
                countChanged = Array(Set(countChanged).union(touchedByItemUpdates(ctx.updateItems, counts))).sorted()
            }
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
        pendingContext = InvalidationContext()
        needsFullRebuild = false
        dirtySections.removeAll()
        sizeEdits.removeAll()
        forgetMeasurements(ifCountsChangedFrom: counts)
    }

    /// The sections a batch update of items names (before or after it), within `counts`.
    private func touchedByItemUpdates(_ items: [UpdateItem], _ counts: [Int]) -> [Int] {
        var out = Set<Int>()
        for u in items {
            for ip in [u.indexPathBeforeUpdate, u.indexPathAfterUpdate] {
                if let s = ip?.section, s >= 0, s < counts.count { out.insert(s) }
            }
        }
        return Array(out)
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
        // 2. Infallible: lay every section out.
        for s in sections.indices { sections[s].layOut(axis: axis, crossSize: crossSize) }
        var st = FlowState(axis: axis, crossSize: crossSize, methods: methods)
        st.sections = sections
        st.stackSections()
        state = st
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
        func checkStored(_ sec: FlowSection, _ s: Int) throws {
            guard sec.sizeSource == .delegate else { return }
            stored += sec.itemCount
            guard stored <= CollectionView.maxStoredItems else {
                throw LayoutError(
                    .overflow,
                    "sections 0...\(s) have \(stored) items sized by the delegate's sizeForItemAt; at most "
                        + "\(CollectionView.maxStoredItems) items can be sized one by one (hand the sizes over in "
                        + "bulk, or use one itemSize)"
                )
            }
        }
        for (s, n) in counts.enumerated() {
            let sec: FlowSection
            if let old, s < old.sections.count {
                switch plans[s] ?? .reuse {
                case .reuse:
                    sec = old.sections[s]
                case .refetchItems(let items):
                    sec =
                        try refetchSizes(items, of: old.sections[s], section: s, methods: methods)?.0 ?? old.sections[s]
                case .fetch, .edit:
                    sec = try resolveSection(s, count: n, axis: axis, methods: methods)
                }
            } else {
                sec = try resolveSection(s, count: n, axis: axis, methods: methods)
            }
            try checkStored(sec, s)
            sections.append(sec)
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
        for (s, var sec, edit) in changed {
            if let edit {
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
                sec.layOut(axis: st.axis, crossSize: st.crossSize)
            }
            st.sections[s] = sec
        }
        st.stackSections()
        state = st
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
            }
        }
        return changed
    }

    // MARK: Asking the delegate

    /// Resolves a section's metrics and sizes: delegate answers where implemented, layout
    /// properties otherwise, bulk sizes first for the sizes.
    private func resolveSection(
        _ s: Int, count n: Int, axis: FlowAxis, methods: FlowDelegateMethods
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
        try LayoutError.askingHost("\(method) failed for \(what())", call)
    }
}
