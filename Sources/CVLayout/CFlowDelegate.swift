import CCVLayout
import CVLayoutCore

/// `cvl_flow_delegate` as a `FlowLayoutDelegate`: the NULL callbacks are the methods not
/// implemented (the flow layout then uses its properties, as UIKit does without
/// `respondsToSelector:`). The flow layout validates the answers.
final class CFlowDelegate: FlowLayoutDelegate {
    let d: cvl_flow_delegate
    let implementedMethods: FlowDelegateMethods

    init(_ d: cvl_flow_delegate) {
        self.d = d
        var m: FlowDelegateMethods = []
        if d.size_for_item != nil { m.insert(.sizeForItem) }
        if d.inset_for_section != nil { m.insert(.insetForSection) }
        if d.minimum_line_spacing_for_section != nil { m.insert(.minimumLineSpacingForSection) }
        if d.minimum_interitem_spacing_for_section != nil { m.insert(.minimumInteritemSpacingForSection) }
        if d.header_size_for_section != nil { m.insert(.referenceSizeForHeader) }
        if d.footer_size_for_section != nil { m.insert(.referenceSizeForFooter) }
        implementedMethods = m
    }

    func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) throws -> Size {
        guard let f = d.size_for_item else { return layout.itemSize }
        var s = cvl_size(width: .nan, height: .nan)
        try callC("size_for_item(\(indexPath))") { f(d.context, indexPath.c, &s) }
        return s.core
    }
    func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) throws -> EdgeInsets {
        guard let f = d.inset_for_section else { return layout.sectionInset }
        var v = cvl_insets(top: .nan, left: .nan, bottom: .nan, right: .nan)
        try callC("inset_for_section(\(section))") { f(d.context, Int64(section), &v) }
        return v.core
    }
    func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) throws -> Double {
        guard let f = d.minimum_line_spacing_for_section else { return layout.minimumLineSpacing }
        var v = Double.nan
        try callC("minimum_line_spacing_for_section(\(section))") { f(d.context, Int64(section), &v) }
        return v
    }
    func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int) throws -> Double {
        guard let f = d.minimum_interitem_spacing_for_section else { return layout.minimumInteritemSpacing }
        var v = Double.nan
        try callC("minimum_interitem_spacing_for_section(\(section))") { f(d.context, Int64(section), &v) }
        return v
    }
    func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) throws -> Size {
        guard let f = d.header_size_for_section else { return layout.headerReferenceSize }
        var s = cvl_size(width: .nan, height: .nan)
        try callC("header_size_for_section(\(section))") { f(d.context, Int64(section), &s) }
        return s.core
    }
    func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) throws -> Size {
        guard let f = d.footer_size_for_section else { return layout.footerReferenceSize }
        var s = cvl_size(width: .nan, height: .nan)
        try callC("footer_size_for_section(\(section))") { f(d.context, Int64(section), &s) }
        return s.core
    }
}
