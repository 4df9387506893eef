//! Attributes and locations: constructors and accessors behind `lib/attributes.js` and
//! `lib/location.js` (scratch layouts as in `ir.rs`).

use napi::bindgen_prelude::{Buffer, Uint8Array};
use napi_derive::napi;
use omnir::{AttrDef, AttributeClass, LocationKind};

use crate::handles::*;
use crate::state::{invalid, rd, rdf, rdi64, run_cx, run_value_cx, wr, wrf, write_list};

/// The class codes of attributes, in the order of [`attribute_class_names`].
const ATTRIBUTE_CLASSES: [AttributeClass; 29] = [
    AttributeClass::Unit,
    AttributeClass::Bool,
    AttributeClass::Integer,
    AttributeClass::Float,
    AttributeClass::String,
    AttributeClass::Type,
    AttributeClass::Array,
    AttributeClass::Dictionary,
    AttributeClass::SymbolRef,
    AttributeClass::FlatSymbolRef,
    AttributeClass::DenseIntElements,
    AttributeClass::DenseFPElements,
    AttributeClass::DenseStringElements,
    AttributeClass::DenseBoolArray,
    AttributeClass::DenseI8Array,
    AttributeClass::DenseI16Array,
    AttributeClass::DenseI32Array,
    AttributeClass::DenseI64Array,
    AttributeClass::DenseF32Array,
    AttributeClass::DenseF64Array,
    AttributeClass::DenseArray,
    AttributeClass::DenseResourceElements,
    AttributeClass::AffineMap,
    AttributeClass::IntegerSet,
    AttributeClass::StridedLayout,
    AttributeClass::Distinct,
    AttributeClass::Location,
    AttributeClass::Opaque,
    AttributeClass::Dialect,
];

/// The class names of the attribute class codes (`UnitAttr`, `BoolAttr`, ...).
#[napi]
pub fn attribute_class_names() -> Vec<String> {
    ATTRIBUTE_CLASSES.iter().map(|c| c.name().to_string()).collect()
}

fn put_attr(a: omnir::Result<omnir::Attribute>) -> omnir::Result<()> {
    wr(0, attr_id(&a?));
    Ok(())
}

/// in: ctx / out: `unit` (0).
#[napi]
pub fn attr_unit() -> u32 {
    run_cx(|ctx| put_attr(ctx.unit_attr()))
}

/// in: ctx, value (1) / out: `true`/`false` (0).
#[napi]
pub fn attr_bool() -> u32 {
    run_cx(|ctx| put_attr(ctx.bool_attr(rd(1) != 0)))
}

/// in: ctx, type (1), value (i64 at 2-3) / out: integer attribute (0).
#[napi]
pub fn attr_integer() -> u32 {
    run_cx(|ctx| put_attr(ctx.integer_attr(&type_at(ctx, 1), rdi64(2))))
}

/// in: ctx, type (1), #words (2), 64-bit words (low word first) from 4 / out: attribute
/// (0). An integer of any width, two's complement.
#[napi]
pub fn attr_integer_words() -> u32 {
    run_cx(|ctx| {
        let words: Vec<u64> = (0..rd(2) as usize).map(|k| rdi64(4 + 2 * k) as u64).collect();
        put_attr(ctx.integer_attr_from_words(&type_at(ctx, 1), &words))
    })
}

/// in: ctx, type (1), value (float64 at 2) / out: float attribute (0).
#[napi]
pub fn attr_float() -> u32 {
    run_cx(|ctx| put_attr(ctx.float_attr(&type_at(ctx, 1), rdf(2))))
}

/// in: ctx, type (1, 0 for untyped) / out: string attribute (0).
#[napi]
pub fn attr_string(value: String) -> u32 {
    run_cx(|ctx| {
        let ty = opt_type_at(ctx, 1);
        put_attr(ctx.string_attr_bytes(value.as_bytes(), ty.as_ref()))
    })
}

/// in: ctx, type (1, 0 for untyped) / out: string attribute of any bytes (0).
#[napi]
pub fn attr_string_bytes(value: Uint8Array) -> u32 {
    run_cx(|ctx| {
        let ty = opt_type_at(ctx, 1);
        put_attr(ctx.string_attr_bytes(&value, ty.as_ref()))
    })
}

/// in: ctx, type (1) / out: type attribute (0).
#[napi]
pub fn attr_type() -> u32 {
    run_cx(|ctx| put_attr(ctx.type_attr(&type_at(ctx, 1))))
}

/// in: ctx, n (1), attributes from 2 / out: array attribute (0).
#[napi]
pub fn attr_array() -> u32 {
    run_cx(|ctx| {
        let elems: Vec<_> = (0..rd(1) as usize).map(|k| attr_at(ctx, 2 + k)).collect();
        put_attr(ctx.array_attr(&elems))
    })
}

/// in: ctx, n (1), attributes from 2 (one per name) / out: dictionary attribute (0).
#[napi]
pub fn attr_dict(names: Vec<String>) -> u32 {
    run_cx(|ctx| {
        if rd(1) as usize != names.len() {
            return Err(invalid("one value per name"));
        }
        let entries: Vec<(&str, omnir::Attribute)> =
            names.iter().enumerate().map(|(k, n)| (n.as_str(), attr_at(ctx, 2 + k))).collect();
        put_attr(ctx.dictionary_attr(&entries))
    })
}

/// in: ctx / out: `@root::@nested...` (0).
#[napi]
pub fn attr_symbol_ref(root: String, nested: Vec<String>) -> u32 {
    run_cx(|ctx| {
        if nested.is_empty() {
            return put_attr(ctx.flat_symbol_ref_attr(&root));
        }
        let n: Vec<&str> = nested.iter().map(|s| s.as_str()).collect();
        put_attr(ctx.symbol_ref_attr(&root, &n))
    })
}

/// in: ctx, shaped type (1) / out: `dense<...>` from raw little-endian element bytes (0).
#[napi]
pub fn attr_dense_elements(data: Uint8Array) -> u32 {
    run_cx(|ctx| put_attr(ctx.dense_elements_attr(&type_at(ctx, 1), &data)))
}

/// in: ctx, element type (1) / out: `array<element: ...>` from raw element bytes (0).
#[napi]
pub fn attr_dense_array(data: Uint8Array) -> u32 {
    run_cx(|ctx| put_attr(ctx.dense_array_attr(&type_at(ctx, 1), &data)))
}

/// in: ctx, shaped type (1) / out: dense string elements (0).
#[napi]
pub fn attr_dense_strings(values: Vec<String>) -> u32 {
    run_cx(|ctx| {
        let v: Vec<&[u8]> = values.iter().map(|s| s.as_bytes()).collect();
        put_attr(ctx.dense_string_elements_attr(&type_at(ctx, 1), &v))
    })
}

/// in: ctx, shaped type (1) / out: `dense_resource<key>` (0).
#[napi]
pub fn attr_dense_resource(key: String) -> u32 {
    run_cx(|ctx| put_attr(ctx.dense_resource_attr(&type_at(ctx, 1), &key)))
}

/// in: ctx, #dims (1) / out: identity affine map attribute (0).
#[napi]
pub fn attr_identity_affine_map() -> u32 {
    run_cx(|ctx| put_attr(ctx.identity_affine_map_attr(rd(1))))
}

/// in: ctx, n (1), offset (float64 at 2), strides (float64) from 4 / out: attribute (0).
#[napi]
pub fn attr_strided_layout() -> u32 {
    run_cx(|ctx| {
        let strides: Vec<i64> = (0..rd(1) as usize).map(|k| rdf(4 + 2 * k) as i64).collect();
        put_attr(ctx.strided_layout_attr(rdf(2) as i64, &strides))
    })
}

/// in: ctx, referenced (1) / out: a new distinct attribute (0).
#[napi]
pub fn attr_distinct() -> u32 {
    run_cx(|ctx| put_attr(ctx.distinct_attr(&attr_at(ctx, 1))))
}

/// in: ctx, type (1, 0 for none) / out: `#dialect<data>` (0).
#[napi]
pub fn attr_opaque(dialect: String, data: String) -> u32 {
    run_cx(|ctx| {
        let ty = opt_type_at(ctx, 1);
        put_attr(ctx.opaque_attr(&dialect, &data, ty.as_ref()))
    })
}

/// in: ctx, definition (1), #params (2), params from 3 / out: attribute (0).
#[napi]
pub fn attr_dialect() -> u32 {
    run_cx(|ctx| {
        let params: Vec<_> = (0..rd(2) as usize).map(|k| attr_at(ctx, 3 + k)).collect();
        put_attr(ctx.dialect_attr(AttrDef(rd(1)), &params))
    })
}

/// in: ctx, #params (1), params from 2 / out: the attribute `#name<params>` (0) of a
/// registered kind (see `type_dialect_named`).
#[napi]
pub fn attr_dialect_named(name: String) -> u32 {
    let made = crate::state::with_cx(|ctx| {
        let params: Vec<_> = (0..rd(1) as usize).map(|k| attr_at(ctx, 2 + k)).collect();
        Ok(ctx.with_diagnostics(|| ctx.dialect_attr_named(&name, &params)))
    });
    match made {
        Ok(Ok(a)) => {
            wr(0, attr_id(&a));
            0
        }
        Ok(Err(d)) => crate::state::fail_with(d.error, d.diagnostics),
        Err(e) => crate::state::fail(e),
    }
}

/// in: ctx / out: the parsed attribute (0). A failure keeps the error diagnostics.
#[napi]
pub fn attr_parse(text: String) -> u32 {
    match crate::state::with_cx(|ctx| Ok(ctx.with_diagnostics(|| ctx.parse_attribute(&text)))) {
        Ok(Ok(a)) => {
            wr(0, attr_id(&a));
            0
        }
        Ok(Err(d)) => crate::state::fail_with(d.error, d.diagnostics),
        Err(e) => crate::state::fail(e),
    }
}

/// in: ctx, attribute (1) / out: class code (0).
#[napi]
pub fn attr_class() -> u32 {
    run_cx(|ctx| {
        let c = attr_at(ctx, 1).class()?;
        wr(0, ATTRIBUTE_CLASSES.iter().position(|x| *x == c).unwrap_or(ATTRIBUTE_CLASSES.len()) as u32);
        Ok(())
    })
}

/// in: ctx, attribute (1) / returns its text.
#[napi]
pub fn attr_print() -> Option<String> {
    run_value_cx(|ctx| attr_at(ctx, 1).print())
}

/// in: ctx, attribute (1) / out: its type (0) or 0.
#[napi]
pub fn attr_get_type() -> u32 {
    run_cx(|ctx| {
        let t = attr_at(ctx, 1).ty()?;
        wr(0, t.map(|t| type_id(&t)).unwrap_or(0));
        Ok(())
    })
}

/// in: ctx, attribute (1) / out: value of a bool attribute (0).
#[napi]
pub fn attr_bool_value() -> u32 {
    run_cx(|ctx| {
        wr(0, attr_at(ctx, 1).bool_value()? as u32);
        Ok(())
    })
}

/// in: ctx, attribute (1) / out: number of 64-bit words of the value (0), bit width of its
/// type (1), signedness (2: 0 signless or index, 1 signed, 2 unsigned), the first word
/// (3-4, low half first). The whole value is `attrIntWords`.
#[napi]
pub fn attr_int_value() -> u32 {
    run_cx(|ctx| {
        let a = attr_at(ctx, 1);
        let words = a.int_words()?;
        let ty = a.ty()?;
        let (width, sign) = match &ty {
            Some(t) if t.is_integer()? => (
                t.integer_width()?,
                match t.signedness()? {
                    omnir::Signedness::Signless => 0,
                    omnir::Signedness::Signed => 1,
                    omnir::Signedness::Unsigned => 2,
                },
            ),
            _ => (64, 0),
        };
        let first = words.first().copied().unwrap_or(0);
        wr(0, words.len() as u32);
        wr(1, width);
        wr(2, sign);
        wr(3, first as u32);
        wr(4, (first >> 32) as u32);
        Ok(())
    })
}

/// in: ctx, attribute (1) / out: list of the value's 64-bit words, two u32 each (low first).
#[napi]
pub fn attr_int_words() -> u32 {
    run_cx(|ctx| {
        let words = attr_at(ctx, 1).int_words()?;
        let n = words.len();
        write_list(words.iter().flat_map(|w| [*w as u32, (*w >> 32) as u32]).collect(), n);
        Ok(())
    })
}

/// in: ctx, attribute (1) / out: value of a float attribute (float64 at 0).
#[napi]
pub fn attr_float_value() -> u32 {
    run_cx(|ctx| {
        wrf(0, attr_at(ctx, 1).float_value()?);
        Ok(())
    })
}

/// in: ctx, attribute (1) / returns the value of a string attribute.
#[napi]
pub fn attr_string_value() -> Option<String> {
    run_value_cx(|ctx| attr_at(ctx, 1).string_value())
}

/// in: ctx, attribute (1) / returns the bytes of a string attribute.
#[napi]
pub fn attr_string_value_bytes() -> Option<Buffer> {
    run_value_cx(|ctx| attr_at(ctx, 1).string_bytes().map(Buffer::from))
}

/// in: ctx, attribute (1) / out: the type of a type attribute (0).
#[napi]
pub fn attr_type_value() -> u32 {
    run_cx(|ctx| {
        wr(0, type_id(&attr_at(ctx, 1).type_value()?));
        Ok(())
    })
}

/// in: ctx, attribute (1) / out: list of the elements of an array attribute.
#[napi]
pub fn attr_array_elements() -> u32 {
    run_cx(|ctx| {
        let elems = attr_at(ctx, 1).array_elements()?;
        let n = elems.len();
        write_list(elems.iter().map(attr_id).collect(), n);
        Ok(())
    })
}

/// in: ctx, attribute (1) / returns the names of a dictionary's entries; out: list of values.
#[napi]
pub fn attr_dict_entries() -> Option<Vec<String>> {
    run_value_cx(|ctx| {
        let entries = attr_at(ctx, 1).dictionary_entries()?;
        let n = entries.len();
        write_list(entries.iter().map(|(_, a)| attr_id(a)).collect(), n);
        Ok(entries.into_iter().map(|(k, _)| k).collect())
    })
}

/// in: ctx, attribute (1) / out: entry `name` of a dictionary (0) or 0.
#[napi]
pub fn attr_dict_get(name: String) -> u32 {
    run_cx(|ctx| {
        wr(0, opt_attr_id(attr_at(ctx, 1).dictionary_get(&name)?));
        Ok(())
    })
}

/// in: ctx, attribute (1) / returns [root, nested...] of a symbol reference.
#[napi]
pub fn attr_symbol_ref_names() -> Option<Vec<String>> {
    run_value_cx(|ctx| {
        let a = attr_at(ctx, 1);
        let mut names = vec![a.symbol_root()?];
        names.extend(a.symbol_nested()?);
        Ok(names)
    })
}

/// in: ctx, attribute (1) / out: #elements (0), splat (1) of dense elements.
#[napi]
pub fn attr_dense_info() -> u32 {
    run_cx(|ctx| {
        let a = attr_at(ctx, 1);
        wr(0, a.dense_num_elements()? as u32);
        wr(1, a.dense_is_splat()? as u32);
        Ok(())
    })
}

/// in: ctx, attribute (1) / returns the raw little-endian element bytes of dense elements or
/// a dense array.
#[napi]
pub fn attr_dense_raw_data() -> Option<Buffer> {
    run_value_cx(|ctx| attr_at(ctx, 1).dense_raw_data().map(Buffer::from))
}

/// in: ctx, attribute (1), index (2) / out: element as an attribute (0).
#[napi]
pub fn attr_dense_element() -> u32 {
    run_cx(|ctx| put_attr(attr_at(ctx, 1).dense_element(rd(2) as usize)))
}

/// in: ctx, attribute (1), index (2) / returns element `index` of dense string elements.
#[napi]
pub fn attr_dense_string() -> Option<Buffer> {
    run_value_cx(|ctx| attr_at(ctx, 1).dense_string(rd(2) as usize).map(Buffer::from))
}

/// in: ctx, attribute (1) / out: element type of a dense array (0).
#[napi]
pub fn attr_dense_array_element_type() -> u32 {
    run_cx(|ctx| {
        wr(0, type_id(&attr_at(ctx, 1).dense_array_element_type()?));
        Ok(())
    })
}

/// in: ctx, attribute (1) / returns the key of a dense resource attribute.
#[napi]
pub fn attr_dense_resource_key() -> Option<String> {
    run_value_cx(|ctx| attr_at(ctx, 1).dense_resource_key())
}

/// in: ctx, attribute (1) / out: #dims (0), #symbols (1), #results (2), identity (3).
#[napi]
pub fn attr_affine_map_info() -> u32 {
    run_cx(|ctx| {
        let a = attr_at(ctx, 1);
        wr(0, a.affine_map_num_dims()?);
        wr(1, a.affine_map_num_symbols()?);
        wr(2, a.affine_map_num_results()? as u32);
        wr(3, a.affine_map_is_identity()? as u32);
        Ok(())
    })
}

/// in: ctx, attribute (1) / out: offset (float64 at 0), n (2), strides (float64) from 4.
#[napi]
pub fn attr_strided_info() -> u32 {
    run_cx(|ctx| {
        let a = attr_at(ctx, 1);
        let strides = a.strided_strides()?;
        if 4 + 2 * strides.len() >= crate::state::scratch_len() {
            return Err(invalid("too many strides for the scratch"));
        }
        wrf(0, a.strided_offset()? as f64);
        wr(2, strides.len() as u32);
        for (k, s) in strides.iter().enumerate() {
            wrf(4 + 2 * k, *s as f64);
        }
        Ok(())
    })
}

/// in: ctx, attribute (1) / out: what a distinct attribute references (0).
#[napi]
pub fn attr_distinct_referenced() -> u32 {
    run_cx(|ctx| put_attr(attr_at(ctx, 1).distinct_referenced()))
}

/// in: ctx, attribute (1) / returns [dialect, data] of an opaque attribute.
#[napi]
pub fn attr_opaque_info() -> Option<Vec<String>> {
    run_value_cx(|ctx| {
        let a = attr_at(ctx, 1);
        Ok(vec![a.opaque_dialect()?, a.opaque_data()?])
    })
}

/// in: ctx, attribute (1) / out: definition (0), #params (1), params from 2.
#[napi]
pub fn attr_dialect_info() -> u32 {
    run_cx(|ctx| {
        let a = attr_at(ctx, 1);
        let def = a.dialect_def()?;
        let params = a.dialect_params()?;
        if 2 + params.len() >= crate::state::scratch_len() {
            return Err(invalid("too many parameters for the scratch"));
        }
        wr(0, def.0);
        wr(1, params.len() as u32);
        for (k, p) in params.iter().enumerate() {
            wr(2 + k, attr_id(p));
        }
        Ok(())
    })
}

/// in: ctx, attribute (1) / out: TypeID (0).
#[napi]
pub fn attr_type_id() -> u32 {
    run_cx(|ctx| {
        wr(0, attr_at(ctx, 1).type_id()?.0);
        Ok(())
    })
}

/// in: ctx, attribute (1), interface TypeID (2) / out: implements (0).
#[napi]
pub fn attr_implements() -> u32 {
    run_cx(|ctx| {
        let r = attr_at(ctx, 1).implements(omnir::TypeId(rd(2)))?;
        wr(0, r as u32);
        Ok(())
    })
}

/// in: ctx, attribute (1) / out: the attribute as a location (0).
#[napi]
pub fn attr_to_location() -> u32 {
    run_cx(|ctx| {
        wr(0, loc_id(&attr_at(ctx, 1).to_location()?));
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------
// locations

fn put_loc(l: omnir::Result<omnir::Location>) -> omnir::Result<()> {
    wr(0, loc_id(&l?));
    Ok(())
}

/// in: ctx / out: `loc(unknown)` (0).
#[napi]
pub fn loc_unknown() -> u32 {
    run_cx(|ctx| put_loc(Ok(ctx.unknown_loc())))
}

/// in: ctx, line (1), col (2), end line (3), end col (4), range given (5) / out: (0).
#[napi]
pub fn loc_file(file: String) -> u32 {
    run_cx(|ctx| {
        if rd(5) != 0 {
            put_loc(ctx.file_line_col_range_loc(&file, rd(1), rd(2), rd(3), rd(4)))
        } else {
            put_loc(ctx.file_line_col_loc(&file, rd(1), rd(2)))
        }
    })
}

/// in: ctx, child (1, 0 for none) / out: `loc("name"(child))` (0).
#[napi]
pub fn loc_name(name: String) -> u32 {
    run_cx(|ctx| {
        let child = opt_loc_at(ctx, 1);
        put_loc(ctx.name_loc(&name, child.as_ref()))
    })
}

/// in: ctx, callee (1), caller (2) / out: `loc(callsite(callee at caller))` (0).
#[napi]
pub fn loc_call_site() -> u32 {
    run_cx(|ctx| put_loc(ctx.call_site_loc(&loc_at(ctx, 1), &loc_at(ctx, 2))))
}

/// in: ctx, n (1), metadata (2, 0 for none), locations from 3 / out: fused location (0).
#[napi]
pub fn loc_fused() -> u32 {
    run_cx(|ctx| {
        let locs: Vec<_> = (0..rd(1) as usize).map(|k| loc_at(ctx, 3 + k)).collect();
        let meta = opt_attr_at(ctx, 2);
        put_loc(ctx.fused_loc(&locs, meta.as_ref()))
    })
}

/// in: ctx, location (1) / out: kind (0: unknown, file, name, call site, fused).
#[napi]
pub fn loc_kind() -> u32 {
    run_cx(|ctx| {
        let k = loc_at(ctx, 1).kind()?;
        wr(
            0,
            match k {
                LocationKind::Unknown => 0,
                LocationKind::FileLineCol => 1,
                LocationKind::Name => 2,
                LocationKind::CallSite => 3,
                LocationKind::Fused => 4,
            },
        );
        Ok(())
    })
}

/// in: ctx, location (1) / returns its text.
#[napi]
pub fn loc_print() -> Option<String> {
    run_value_cx(|ctx| loc_at(ctx, 1).print())
}

/// in: ctx, location (1) / returns the file; out: line (0), col (1), end line (2), end col (3).
#[napi]
pub fn loc_file_info() -> Option<String> {
    run_value_cx(|ctx| {
        let (file, l, c, el, ec) = loc_at(ctx, 1).file_range()?;
        wr(0, l);
        wr(1, c);
        wr(2, el);
        wr(3, ec);
        Ok(file)
    })
}

/// in: ctx, location (1) / returns the name; out: child (0) or 0.
#[napi]
pub fn loc_name_info() -> Option<String> {
    run_value_cx(|ctx| {
        let l = loc_at(ctx, 1);
        let child = l.name_child()?;
        wr(0, child.map(|c| loc_id(&c)).unwrap_or(0));
        l.name()
    })
}

/// in: ctx, location (1) / out: callee (0), caller (1).
#[napi]
pub fn loc_call_site_info() -> u32 {
    run_cx(|ctx| {
        let l = loc_at(ctx, 1);
        let (callee, caller) = (l.callee()?, l.caller()?);
        wr(0, loc_id(&callee));
        wr(1, loc_id(&caller));
        Ok(())
    })
}

/// in: ctx, location (1) / out: list of (metadata or 0, then the fused locations).
#[napi]
pub fn loc_fused_info() -> u32 {
    run_cx(|ctx| {
        let l = loc_at(ctx, 1);
        let meta = opt_attr_id(l.fused_metadata()?);
        let locs = l.fused_locations()?;
        let mut w = vec![meta];
        w.extend(locs.iter().map(loc_id));
        write_list(w, locs.len() + 1);
        Ok(())
    })
}

/// in: ctx, location (1) / out: the location as an attribute (0).
#[napi]
pub fn loc_to_attribute() -> u32 {
    run_cx(|ctx| put_attr(loc_at(ctx, 1).to_attribute()))
}
