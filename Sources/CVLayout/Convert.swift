import CCVLayout
import CVLayoutCore

// Conversions between the header's plain structs and the core's value types. A conversion from
// C checks only what belongs to the C encoding (an enum value, a bit set, a category); the
// values' rules are the core's (ArgumentRules.swift), applied by the core before anything runs.

extension cvl_point { var core: Point { Point(x: x, y: y) } }
extension cvl_size { var core: Size { Size(width: width, height: height) } }
extension cvl_rect { var core: Rect { Rect(x: x, y: y, width: width, height: height) } }
extension cvl_insets { var core: EdgeInsets { EdgeInsets(top: top, left: left, bottom: bottom, right: right) } }
extension cvl_index_path { var core: IndexPath { IndexPath(section: Int(section), item: Int(item)) } }

extension Point { var c: cvl_point { cvl_point(x: x, y: y) } }
extension Size { var c: cvl_size { cvl_size(width: width, height: height) } }
extension Rect { var c: cvl_rect { cvl_rect(x: minX, y: minY, width: width, height: height) } }
extension EdgeInsets { var c: cvl_insets { cvl_insets(top: top, left: left, bottom: bottom, right: right) } }
extension IndexPath { var c: cvl_index_path { cvl_index_path(section: Int64(section), item: Int64(item)) } }

extension Transform3D {
    var c: cvl_transform3d {
        cvl_transform3d(
            m11: m11, m12: m12, m13: m13, m14: m14, m21: m21, m22: m22, m23: m23, m24: m24,
            m31: m31, m32: m32, m33: m33, m34: m34, m41: m41, m42: m42, m43: m43, m44: m44)
    }
}
extension cvl_transform3d {
    var core: Transform3D {
        Transform3D(
            m11: m11, m12: m12, m13: m13, m14: m14, m21: m21, m22: m22, m23: m23, m24: m24,
            m31: m31, m32: m32, m33: m33, m34: m34, m41: m41, m42: m42, m43: m43, m44: m44)
    }
}

/// A `CVL_SCROLL_POSITION_*` combination: known bits, at most one position per axis.
func requireScrollPosition(_ position: UInt32) throws -> ScrollPosition {
    guard let pos = ScrollPosition(validating: position) else {
        throw LayoutError.invalid(
            "invalid scroll position 0x\(String(position, radix: 16)): unknown bits, or two positions on one axis")
    }
    return pos
}

func coreCategory(_ c: Int32) throws -> ElementCategory {
    guard let cat = ElementCategory(rawValue: Int(c)) else {
        throw LayoutError.invalid(
            "unknown element category \(c) (expected CVL_CATEGORY_CELL, _SUPPLEMENTARY or _DECORATION)")
    }
    return cat
}

extension LayoutAttributes {
    /// Writes the C view of these attributes field by field into `p` (no temporary struct:
    /// this runs once per element of every query).
    @inline(__always)
    func write(to p: UnsafeMutablePointer<cvl_attributes>) {
        let w = size.width, h = size.height
        p.pointee.index_path = indexPath.c
        p.pointee.category = Int32(category.rawValue)
        p.pointee.kind = kind.rawValue
        p.pointee.frame = cvl_rect(x: origin.x, y: origin.y, width: w, height: h)
        p.pointee.center = cvl_point(x: origin.x + w / 2, y: origin.y + h / 2)
        p.pointee.size = cvl_size(width: w, height: h)
        p.pointee.transform = transform.c
        p.pointee.alpha = alpha
        p.pointee.z_index = Int64(zIndex)
        p.pointee.hidden = isHidden ? 1 : 0
        p.pointee.custom_count = UInt32(custom.count)
        p.pointee.custom = (custom[0], custom[1], custom[2], custom[3], custom[4], custom[5], custom[6], custom[7])
        p.pointee.disappearing = isDisappearing ? 1 : 0
        p.pointee.has_identifier = identifier == nil ? 0 : 1
        p.pointee.identifier = identifier ?? 0
    }

    /// The C view of these attributes.
    var c: cvl_attributes {
        let f = frame
        var out = cvl_attributes()
        out.index_path = indexPath.c
        out.category = Int32(category.rawValue)
        out.kind = kind.rawValue
        out.frame = f.c
        out.center = center.c
        out.size = size.c
        out.transform = transform.c
        out.alpha = alpha
        out.z_index = Int64(zIndex)
        out.hidden = isHidden ? 1 : 0
        out.custom_count = UInt32(custom.count)
        out.custom = (custom[0], custom[1], custom[2], custom[3], custom[4], custom[5], custom[6], custom[7])
        out.disappearing = isDisappearing ? 1 : 0
        out.has_identifier = identifier == nil ? 0 : 1
        out.identifier = identifier ?? 0
        return out
    }
}

extension cvl_attributes {
    /// The core value of attributes written by a callback, validated: known category, finite
    /// numbers, size >= 0, alpha within 0...1, custom_count <= 8, z-index within Int32.
    func core(_ who: String) throws -> LayoutAttributes {
        guard let cat = ElementCategory(rawValue: Int(category)) else {
            throw LayoutError.callback("\(who) returned attributes with unknown category \(category)")
        }
        guard index_path.section >= 0, index_path.item >= 0 else {
            throw LayoutError.callback(
                "\(who) returned attributes with a negative index path (\(index_path.section), \(index_path.item))")
        }
        guard custom_count <= UInt32(CVL_CUSTOM_SLOTS) else {
            throw LayoutError.callback("\(who) returned custom_count \(custom_count) (at most \(CVL_CUSTOM_SLOTS))")
        }
        guard alpha.isFinite, alpha >= 0, alpha <= 1 else {
            throw LayoutError.callback("\(who) returned alpha \(alpha) (must be within 0 ... 1)")
        }
        guard hidden == 0 || hidden == 1 else {
            throw LayoutError.callback("\(who) returned hidden = \(hidden) (must be 0 or 1)")
        }
        guard z_index >= Int64(Int32.min), z_index <= Int64(Int32.max) else {
            throw LayoutError.callback("\(who) returned z_index \(z_index) (must fit in 32 bits)")
        }
        var a = LayoutAttributes(
            indexPath: index_path.core, category: cat, kind: ElementKind(rawValue: cat == .cell ? 0 : kind))
        a.center = center.core
        a.size = size.core
        a.transform = transform.core
        a.alpha = alpha
        a.zIndex = Int(z_index)
        a.isHidden = hidden != 0
        let cs = [custom.0, custom.1, custom.2, custom.3, custom.4, custom.5, custom.6, custom.7]
        for i in 0..<Int(custom_count) { a.custom[i] = cs[i] }
        guard a.isValid else {
            throw LayoutError.callback(
                "\(who) returned invalid attributes for \(cat) (\(index_path.section), \(index_path.item)): NaN, "
                    + "infinity or a negative size"
            )
        }
        return a
    }
}

/// Writes `list` to a caller buffer with the documented capacity protocol.
func writeList<T>(
    _ list: [T], _ out: UnsafeMutablePointer<T>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) throws {
    guard let outCount else { throw LayoutError(.nullArgument, "out_count is NULL") }
    if out == nil && capacity == 0 { outCount.pointee = list.count; return }
    guard let out else { throw LayoutError(.nullArgument, "out is NULL but capacity is \(capacity)") }
    guard list.count <= capacity else {
        outCount.pointee = list.count
        throw LayoutError(
            .capacity, "the buffer holds \(capacity) elements but \(list.count) are needed; *out_count says how many")
    }
    for (i, v) in list.enumerated() { out[i] = v }
    outCount.pointee = list.count
}
