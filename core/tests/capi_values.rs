//! The C API for values — types, attributes, locations, TypeIds, diagnostics, parsing and
//! printing — called through its `extern "C"` functions exactly as a C program would:
//! round trips of every constructor and accessor, and the misuse matrix (NULL pointers,
//! handles of another context, zeroed handles, invalid UTF-8, out-of-range indices, wrong
//! kinds), each checked for its status, a non-empty last error message, and that nothing
//! changed.

use std::ffi::c_void;
use std::mem::MaybeUninit;
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicUsize, Ordering};

use omnir_core::api::asm::*;
use omnir_core::api::attributes::*;
use omnir_core::api::context::*;
use omnir_core::api::diagnostics::*;
use omnir_core::api::dialects::{
    omnir_dialect_register, omnir_dialect_register_attribute, omnir_dialect_register_type, omnir_interface_impl,
    omnir_type_definition,
};
use omnir_core::api::handles::*;
use omnir_core::api::ir::{omnir_op_erase, OMNIR_ERASE_REQUIRE_NO_USES};
use omnir_core::api::locations::*;
use omnir_core::api::omnir_status::{self, *};
use omnir_core::api::typeid::*;
use omnir_core::api::types::*;
use omnir_core::api::{
    omnir_bytes, omnir_bytes_free, omnir_last_error_message, omnir_last_error_status, omnir_string, omnir_string_free,
    omnir_string_view,
};

// ---------------------------------------------------------------------------------------
// helpers

struct Ctx(*mut omnir_context);

impl Drop for Ctx {
    fn drop(&mut self) {
        assert_eq!(omnir_context_destroy(self.0), OMNIR_OK);
    }
}

fn ctx() -> Ctx {
    let mut p = null_mut();
    assert_eq!(omnir_context_create(&mut p), OMNIR_OK);
    Ctx(p)
}

fn take(s: omnir_string) -> String {
    let text = if s.data.is_null() {
        String::new()
    } else {
        // SAFETY: omnir returned `len` readable bytes at `data`.
        String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.len) }).into_owned()
    };
    omnir_string_free(s);
    text
}

fn take_bytes(b: omnir_bytes) -> Vec<u8> {
    let v = if b.data.is_null() {
        Vec::new()
    } else {
        // SAFETY: omnir returned `len` readable bytes at `data`.
        unsafe { std::slice::from_raw_parts(b.data, b.len) }.to_vec()
    };
    omnir_bytes_free(b);
    v
}

fn last_msg() -> String {
    take(omnir_last_error_message())
}

#[track_caller]
fn ok(s: omnir_status) {
    assert_eq!(s, OMNIR_OK, "unexpected error: {}", last_msg());
}

/// Asserts the status, that the thread's last error agrees, and that it has a message.
#[track_caller]
fn fails(s: omnir_status, code: omnir_status) -> String {
    let msg = last_msg();
    assert_eq!(s, code, "message: {msg}");
    assert_eq!(omnir_last_error_status(), code);
    assert!(!msg.is_empty(), "error {code:?} without a message");
    msg
}

/// Calls `f` with an out-pointer and returns what it wrote (asserting success).
#[track_caller]
fn get<T>(f: impl FnOnce(*mut T) -> omnir_status) -> T {
    let mut v = MaybeUninit::<T>::uninit();
    ok(f(v.as_mut_ptr()));
    // SAFETY: the call succeeded, so it wrote the out-parameter.
    unsafe { v.assume_init() }
}

#[track_caller]
fn get_str(f: impl FnOnce(*mut omnir_string) -> omnir_status) -> String {
    take(get(f))
}

fn sv(s: &[u8]) -> omnir_string_view {
    omnir_string_view { data: s.as_ptr().cast(), len: s.len() }
}

const BAD_UTF8: &[u8] = b"ab\xff\xfe";

fn parse_type(c: &Ctx, text: &str) -> omnir_type {
    get(|o| omnir_type_parse(c.0, text.as_ptr().cast(), text.len(), o))
}

fn parse_attr(c: &Ctx, text: &str) -> omnir_attribute {
    get(|o| omnir_attribute_parse(c.0, text.as_ptr().cast(), text.len(), o))
}

fn tprint(c: &Ctx, t: omnir_type) -> String {
    get_str(|o| omnir_type_print(c.0, t, o))
}

fn aprint(c: &Ctx, a: omnir_attribute) -> String {
    get_str(|o| omnir_attribute_print(c.0, a, o))
}

fn lprint(c: &Ctx, l: omnir_location) -> String {
    get_str(|o| omnir_location_print(c.0, l, o))
}

fn int(c: &Ctx, width: u32) -> omnir_type {
    get(|o| omnir_integer_type_get(c.0, width, 0, o))
}

fn float(c: &Ctx, kind: omnir_float_kind) -> omnir_type {
    get(|o| omnir_float_type_get(c.0, kind as u32, o))
}

fn f32t(c: &Ctx) -> omnir_type {
    float(c, omnir_float_kind::OMNIR_FLOAT_KIND_F32)
}

fn index(c: &Ctx) -> omnir_type {
    get(|o| omnir_index_type_get(c.0, o))
}

fn tensor(c: &Ctx, shape: &[i64], elem: omnir_type) -> omnir_type {
    get(|o| omnir_ranked_tensor_type_get(c.0, shape.as_ptr(), shape.len(), elem, omnir_attribute::default(), o))
}

fn i64_attr(c: &Ctx, v: i64) -> omnir_attribute {
    let t = int(c, 64);
    get(|o| omnir_integer_attr_get(c.0, t, v, o))
}

fn str_attr(c: &Ctx, s: &str) -> omnir_attribute {
    get(|o| omnir_string_attr_get(c.0, s.as_ptr().cast(), s.len(), omnir_type::default(), o))
}

fn typeid(name: &str) -> u32 {
    get(|o| omnir_typeid_get(name.as_ptr().cast(), name.len(), o))
}

fn file_loc(c: &Ctx, file: &str, line: u32, col: u32) -> omnir_location {
    get(|o| omnir_file_line_col_loc_get(c.0, file.as_ptr().cast(), file.len(), line, col, o))
}

fn type_kind(c: &Ctx, t: omnir_type) -> omnir_type_kind {
    get(|o| omnir_type_get_kind(c.0, t, o))
}

fn attr_kind(c: &Ctx, a: omnir_attribute) -> omnir_attribute_kind {
    get(|o| omnir_attribute_get_kind(c.0, a, o))
}

fn parse_module(c: &Ctx, text: &str) -> omnir_op {
    let file = "m.mlir";
    get(|o| omnir_module_parse(c.0, text.as_ptr().cast(), text.len(), file.as_ptr().cast(), file.len(), o))
}

fn print_op(c: &Ctx, op: omnir_op) -> String {
    let mut flags = omnir_print_flags_default();
    flags.generic_form = true;
    get_str(|o| omnir_op_print(c.0, op, &flags, o))
}

// ---------------------------------------------------------------------------------------
// types

#[test]
fn integer_index_none_types() {
    let c = ctx();
    for (sign, text) in [(0u32, "i17"), (1, "si17"), (2, "ui17")] {
        let t: omnir_type = get(|o| omnir_integer_type_get(c.0, 17, sign, o));
        assert_eq!(tprint(&c, t), text);
        assert_eq!(type_kind(&c, t), omnir_type_kind::OMNIR_TYPE_KIND_INTEGER);
        assert_eq!(get(|o| omnir_integer_type_get_width(c.0, t, o)), 17);
        let s: omnir_signedness = get(|o| omnir_integer_type_get_signedness(c.0, t, o));
        assert_eq!(s as u32, sign);
        assert_eq!(parse_type(&c, text), t, "uniqued: parsing gives the same handle");
        assert!(get(|o| omnir_type_is_integer(c.0, t, o)));
        assert!(!get(|o| omnir_type_is_float(c.0, t, o)));
        assert_eq!(get(|o| omnir_type_get_int_or_float_bit_width(c.0, t, o)), 17);
    }
    assert_eq!(int(&c, 32), int(&c, 32), "type equality is handle equality");
    assert_ne!(int(&c, 32), int(&c, 64));
    let idx = index(&c);
    assert_eq!(tprint(&c, idx), "index");
    assert_eq!(type_kind(&c, idx), omnir_type_kind::OMNIR_TYPE_KIND_INDEX);
    assert!(!get(|o| omnir_type_is_integer(c.0, idx, o)));
    assert_eq!(get(|o| omnir_type_get_int_or_float_bit_width(c.0, idx, o)), 64);
    let none: omnir_type = get(|o| omnir_none_type_get(c.0, o));
    assert_eq!(tprint(&c, none), "none");
    assert_eq!(type_kind(&c, none), omnir_type_kind::OMNIR_TYPE_KIND_NONE);
    // Width limits: MLIR's kMaxWidth.
    let _: omnir_type = get(|o| omnir_integer_type_get(c.0, 16_777_215, 0, o));
    let mut t = omnir_type::default();
    fails(omnir_integer_type_get(c.0, 16_777_216, 0, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_integer_type_get(c.0, 8, 3, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);
    assert_eq!(t, omnir_type::default(), "outputs untouched on error");
    assert_eq!(get(|o| omnir_type_get_type_id(c.0, int(&c, 8), o)), typeid("builtin.integer"));
}

#[test]
fn every_float_kind() {
    let c = ctx();
    let keywords = [
        "f16",
        "bf16",
        "f32",
        "f64",
        "f80",
        "f128",
        "tf32",
        "f8E5M2",
        "f8E4M3",
        "f8E4M3FN",
        "f8E5M2FNUZ",
        "f8E4M3FNUZ",
        "f8E4M3B11FNUZ",
        "f8E3M4",
        "f8E8M0FNU",
        "f6E2M3FN",
        "f6E3M2FN",
        "f4E2M1FN",
    ];
    let widths = [16, 16, 32, 64, 80, 128, 19, 8, 8, 8, 8, 8, 8, 8, 8, 6, 6, 4];
    for (k, kw) in keywords.iter().enumerate() {
        let t: omnir_type = get(|o| omnir_float_type_get(c.0, k as u32, o));
        assert_eq!(tprint(&c, t), *kw);
        assert_eq!(parse_type(&c, kw), t);
        let kind: omnir_float_kind = get(|o| omnir_float_type_get_kind(c.0, t, o));
        assert_eq!(kind as u32, k as u32);
        assert_eq!(get(|o| omnir_type_get_int_or_float_bit_width(c.0, t, o)), widths[k]);
        assert!(get(|o| omnir_type_is_float(c.0, t, o)));
        assert_eq!(get(|o| omnir_type_get_type_id(c.0, t, o)), typeid(&format!("builtin.{kw}")));
        assert!(get(|o| omnir_type_implements(c.0, t, typeid("builtin.FloatTypeInterface"), o)));
    }
    let mut t = omnir_type::default();
    fails(omnir_float_type_get(c.0, 18, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_float_type_get(c.0, u32::MAX, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);
    // Bad kinds: integer accessors of a float and back.
    let f = f32t(&c);
    let mut w = 7u32;
    let msg = fails(omnir_integer_type_get_width(c.0, f, &mut w), OMNIR_ERROR_INVALID_ARGUMENT);
    assert!(msg.contains("f32"), "{msg}");
    assert_eq!(w, 7);
    let mut k = MaybeUninit::<omnir_float_kind>::uninit();
    fails(omnir_float_type_get_kind(c.0, int(&c, 8), k.as_mut_ptr()), OMNIR_ERROR_INVALID_ARGUMENT);
}

#[test]
fn complex_function_tuple_types() {
    let c = ctx();
    let f = f32t(&c);
    let i = int(&c, 32);
    let cx: omnir_type = get(|o| omnir_complex_type_get(c.0, f, o));
    assert_eq!(tprint(&c, cx), "complex<f32>");
    assert_eq!(type_kind(&c, cx), omnir_type_kind::OMNIR_TYPE_KIND_COMPLEX);
    assert_eq!(get(|o| omnir_type_get_element_type(c.0, cx, o)), f);
    let mut t = omnir_type::default();
    fails(omnir_complex_type_get(c.0, index(&c), &mut t), OMNIR_ERROR_INVALID_ARGUMENT);

    let ins = [i, f];
    let outs = [index(&c)];
    let fnty: omnir_type = get(|o| omnir_function_type_get(c.0, ins.as_ptr(), 2, outs.as_ptr(), 1, o));
    assert_eq!(tprint(&c, fnty), "(i32, f32) -> index");
    assert_eq!(parse_type(&c, "(i32, f32) -> index"), fnty);
    assert_eq!(type_kind(&c, fnty), omnir_type_kind::OMNIR_TYPE_KIND_FUNCTION);
    assert_eq!(get(|o| omnir_function_type_get_num_inputs(c.0, fnty, o)), 2);
    assert_eq!(get(|o| omnir_function_type_get_num_results(c.0, fnty, o)), 1);
    assert_eq!(get(|o| omnir_function_type_get_input(c.0, fnty, 1, o)), f);
    assert_eq!(get(|o| omnir_function_type_get_result(c.0, fnty, 0, o)), outs[0]);
    fails(omnir_function_type_get_input(c.0, fnty, 2, &mut t), OMNIR_ERROR_OUT_OF_RANGE);
    fails(omnir_function_type_get_result(c.0, fnty, 1, &mut t), OMNIR_ERROR_OUT_OF_RANGE);
    let empty: omnir_type = get(|o| omnir_function_type_get(c.0, null(), 0, null(), 0, o));
    assert_eq!(tprint(&c, empty), "() -> ()");
    fails(omnir_function_type_get(c.0, null(), 1, null(), 0, &mut t), OMNIR_ERROR_NULL_ARGUMENT);

    let tup: omnir_type = get(|o| omnir_tuple_type_get(c.0, ins.as_ptr(), 2, o));
    assert_eq!(tprint(&c, tup), "tuple<i32, f32>");
    assert_eq!(type_kind(&c, tup), omnir_type_kind::OMNIR_TYPE_KIND_TUPLE);
    assert_eq!(get(|o| omnir_tuple_type_get_num_types(c.0, tup, o)), 2);
    assert_eq!(get(|o| omnir_tuple_type_get_type(c.0, tup, 0, o)), i);
    fails(omnir_tuple_type_get_type(c.0, tup, 2, &mut t), OMNIR_ERROR_OUT_OF_RANGE);
    fails(omnir_tuple_type_get_type(c.0, fnty, 0, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_function_type_get_input(c.0, tup, 0, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);
}

#[test]
fn shaped_types() {
    let c = ctx();
    let f = f32t(&c);
    // vector with a scalable dim
    let shape = [4i64, 8];
    let scalable = [true, false];
    let v: omnir_type = get(|o| omnir_vector_type_get(c.0, shape.as_ptr(), 2, scalable.as_ptr(), f, o));
    assert_eq!(tprint(&c, v), "vector<[4]x8xf32>");
    assert_eq!(parse_type(&c, "vector<[4]x8xf32>"), v);
    assert_eq!(type_kind(&c, v), omnir_type_kind::OMNIR_TYPE_KIND_VECTOR);
    assert!(get(|o| omnir_vector_type_is_dim_scalable(c.0, v, 0, o)));
    assert!(!get(|o| omnir_vector_type_is_dim_scalable(c.0, v, 1, o)));
    let mut b = false;
    fails(omnir_vector_type_is_dim_scalable(c.0, v, 2, &mut b), OMNIR_ERROR_OUT_OF_RANGE);
    let plain: omnir_type = get(|o| omnir_vector_type_get(c.0, shape.as_ptr(), 2, null(), f, o));
    assert_eq!(tprint(&c, plain), "vector<4x8xf32>");
    assert_eq!(get(|o| omnir_shaped_type_get_rank(c.0, v, o)), 2);
    assert_eq!(get(|o| omnir_shaped_type_get_dim(c.0, v, 1, o)), 8);
    assert_eq!(get(|o| omnir_shaped_type_get_num_elements(c.0, v, o)), 32);
    assert!(get(|o| omnir_shaped_type_has_rank(c.0, v, o)));
    assert!(get(|o| omnir_type_is_shaped(c.0, v, o)));
    let mut t = omnir_type::default();
    let bad = [0i64];
    fails(omnir_vector_type_get(c.0, bad.as_ptr(), 1, null(), f, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_vector_type_get(c.0, shape.as_ptr(), 2, null(), v, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);

    // ranked tensor with an encoding and a dynamic dim
    let enc = str_attr(&c, "enc");
    let dims = [2i64, OMNIR_DYNAMIC];
    assert_eq!(omnir_dynamic_size(), i64::MIN);
    let rt: omnir_type = get(|o| omnir_ranked_tensor_type_get(c.0, dims.as_ptr(), 2, f, enc, o));
    assert_eq!(tprint(&c, rt), "tensor<2x?xf32, \"enc\">");
    assert_eq!(parse_type(&c, "tensor<2x?xf32, \"enc\">"), rt);
    assert_eq!(type_kind(&c, rt), omnir_type_kind::OMNIR_TYPE_KIND_RANKED_TENSOR);
    assert_eq!(get(|o| omnir_ranked_tensor_type_get_encoding(c.0, rt, o)), enc);
    assert_eq!(get(|o| omnir_shaped_type_get_dim(c.0, rt, 1, o)), OMNIR_DYNAMIC);
    assert_eq!(get(|o| omnir_type_get_element_type(c.0, rt, o)), f);
    let mut n = 0u64;
    fails(omnir_shaped_type_get_num_elements(c.0, rt, &mut n), OMNIR_ERROR_INVALID_ARGUMENT);
    let plain_t = tensor(&c, &[3], f);
    assert_eq!(get(|o| omnir_ranked_tensor_type_get_encoding(c.0, plain_t, o)), omnir_attribute::default());
    let neg = [-2i64];
    fails(
        omnir_ranked_tensor_type_get(c.0, neg.as_ptr(), 1, f, omnir_attribute::default(), &mut t),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    fails(
        omnir_ranked_tensor_type_get(c.0, dims.as_ptr(), 2, plain_t, omnir_attribute::default(), &mut t),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );

    let ut: omnir_type = get(|o| omnir_unranked_tensor_type_get(c.0, f, o));
    assert_eq!(tprint(&c, ut), "tensor<*xf32>");
    assert_eq!(type_kind(&c, ut), omnir_type_kind::OMNIR_TYPE_KIND_UNRANKED_TENSOR);
    assert!(!get(|o| omnir_shaped_type_has_rank(c.0, ut, o)));
    assert!(get(|o| omnir_type_is_shaped(c.0, ut, o)));
    let mut rank = 0usize;
    fails(omnir_shaped_type_get_rank(c.0, ut, &mut rank), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_shaped_type_has_rank(c.0, f, &mut b), OMNIR_ERROR_INVALID_ARGUMENT);
    let mut d = 0i64;
    fails(omnir_shaped_type_get_dim(c.0, rt, 2, &mut d), OMNIR_ERROR_OUT_OF_RANGE);
    fails(omnir_shaped_type_get_dim(c.0, f, 0, &mut d), OMNIR_ERROR_INVALID_ARGUMENT);

    // memref with a strided layout and a memory space
    let strides = [OMNIR_DYNAMIC, 1];
    let layout: omnir_attribute = get(|o| omnir_strided_layout_attr_get(c.0, 0, strides.as_ptr(), 2, o));
    let space = i64_attr(&c, 1);
    let mr: omnir_type = get(|o| omnir_memref_type_get(c.0, dims.as_ptr(), 2, f, layout, space, o));
    assert_eq!(tprint(&c, mr), "memref<2x?xf32, strided<[?, 1]>, 1>");
    assert_eq!(type_kind(&c, mr), omnir_type_kind::OMNIR_TYPE_KIND_MEMREF);
    assert_eq!(get(|o| omnir_memref_type_get_layout(c.0, mr, o)), layout);
    assert_eq!(get(|o| omnir_memref_type_get_memory_space(c.0, mr, o)), space);
    // Identity layout and memory space 0 are canonicalized away, as in MLIR.
    let identity: omnir_attribute = get(|o| omnir_affine_map_attr_get_identity(c.0, 2, o));
    let zero = i64_attr(&c, 0);
    let plain_mr: omnir_type = get(|o| omnir_memref_type_get(c.0, dims.as_ptr(), 2, f, identity, zero, o));
    let default_mr: omnir_type = get(|o| {
        omnir_memref_type_get(c.0, dims.as_ptr(), 2, f, omnir_attribute::default(), omnir_attribute::default(), o)
    });
    assert_eq!(plain_mr, default_mr);
    assert_eq!(get(|o| omnir_memref_type_get_layout(c.0, plain_mr, o)), omnir_attribute::default());
    assert_eq!(get(|o| omnir_memref_type_get_memory_space(c.0, plain_mr, o)), omnir_attribute::default());
    // A layout of the wrong rank, a non-memref element, a non-layout attribute.
    let id3: omnir_attribute = get(|o| omnir_affine_map_attr_get_identity(c.0, 3, o));
    fails(omnir_memref_type_get(c.0, dims.as_ptr(), 2, f, id3, space, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_memref_type_get(c.0, dims.as_ptr(), 2, ut, layout, space, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_memref_type_get(c.0, dims.as_ptr(), 2, f, space, space, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);
    let mut a = omnir_attribute::default();
    fails(omnir_memref_type_get_layout(c.0, rt, &mut a), OMNIR_ERROR_INVALID_ARGUMENT);

    let umr: omnir_type = get(|o| omnir_unranked_memref_type_get(c.0, f, space, o));
    assert_eq!(tprint(&c, umr), "memref<*xf32, 1>");
    assert_eq!(type_kind(&c, umr), omnir_type_kind::OMNIR_TYPE_KIND_UNRANKED_MEMREF);
    assert_eq!(get(|o| omnir_memref_type_get_memory_space(c.0, umr, o)), space);
    assert_eq!(get(|o| omnir_type_get_element_type(c.0, umr, o)), f);
    fails(omnir_memref_type_get_layout(c.0, umr, &mut a), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_type_get_element_type(c.0, f, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);

    // Interfaces, through the registry, by TypeId.
    let memref_elem = typeid("builtin.MemRefElementTypeInterface");
    assert!(get(|o| omnir_type_implements(c.0, f, memref_elem, o)));
    assert!(!get(|o| omnir_type_implements(c.0, rt, memref_elem, o)));
    assert!(get(|o| omnir_type_implements(c.0, rt, typeid("builtin.ShapedTypeInterface"), o)));
    fails(omnir_type_implements(c.0, f, u32::MAX, &mut b), OMNIR_ERROR_INVALID_ARGUMENT);
    assert_eq!(get(|o| omnir_type_get_type_id(c.0, mr, o)), typeid("builtin.memref"));
}

#[test]
fn opaque_and_dialect_types() {
    let c = ctx();
    let (d, body) = ("foo", "bar<1>");
    let t: omnir_type =
        get(|o| omnir_opaque_type_get(c.0, d.as_ptr().cast(), d.len(), body.as_ptr().cast(), body.len(), o));
    assert_eq!(tprint(&c, t), "!foo.bar<1>");
    assert_eq!(type_kind(&c, t), omnir_type_kind::OMNIR_TYPE_KIND_OPAQUE);
    assert_eq!(get_str(|o| omnir_opaque_type_get_dialect(c.0, t, o)), "foo");
    assert_eq!(get_str(|o| omnir_opaque_type_get_data(c.0, t, o)), "bar<1>");
    let mut s = omnir_string { data: null_mut(), len: 0 };
    fails(omnir_opaque_type_get_data(c.0, int(&c, 1), &mut s), OMNIR_ERROR_INVALID_ARGUMENT);
    assert!(s.data.is_null(), "nothing allocated on error");
    let mut out = omnir_type::default();
    fails(
        omnir_opaque_type_get(c.0, null(), 0, body.as_ptr().cast(), body.len(), &mut out),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    fails(
        omnir_opaque_type_get(c.0, d.as_ptr().cast(), d.len(), BAD_UTF8.as_ptr().cast(), BAD_UTF8.len(), &mut out),
        OMNIR_ERROR_INVALID_UTF8,
    );

    // A dialect type registered at run time, declaring the memref element interface.
    ok(omnir_dialect_register(c.0, b"test".as_ptr().cast(), 4, false));
    let params = [sv(b"width")];
    let iface = omnir_interface_impl {
        interface: typeid("builtin.MemRefElementTypeInterface"),
        vtable: null(),
        user_data: null_mut(),
        free_user_data: None,
    };
    let def = omnir_type_definition {
        dialect: b"test".as_ptr().cast(),
        dialect_len: 4,
        name: b"box".as_ptr().cast(),
        name_len: 3,
        params: params.as_ptr(),
        num_params: 1,
        verify: None,
        verify_user_data: null_mut(),
        free_verify_user_data: None,
        interfaces: &iface,
        num_interfaces: 1,
    };
    let def_id: u32 = get(|o| omnir_dialect_register_type(c.0, &def, o));
    let p = [i64_attr(&c, 8)];
    let dt: omnir_type = get(|o| omnir_dialect_type_get(c.0, def_id, p.as_ptr(), 1, o));
    assert_eq!(type_kind(&c, dt), omnir_type_kind::OMNIR_TYPE_KIND_DIALECT);
    assert_eq!(get(|o| omnir_dialect_type_get_def(c.0, dt, o)), def_id);
    assert_eq!(get(|o| omnir_dialect_type_get_num_params(c.0, dt, o)), 1);
    assert_eq!(get(|o| omnir_dialect_type_get_param(c.0, dt, 0, o)), p[0]);
    assert_eq!(get(|o| omnir_dialect_type_get(c.0, def_id, p.as_ptr(), 1, o)), dt, "uniqued");
    assert_eq!(get(|o| omnir_type_get_type_id(c.0, dt, o)), typeid("test.box"));
    assert!(tprint(&c, dt).contains("test.box"), "{}", tprint(&c, dt));
    // The registry answers for it: a memref of it is valid.
    assert!(get(|o| omnir_type_implements(c.0, dt, typeid("builtin.MemRefElementTypeInterface"), o)));
    let shape = [2i64];
    let _: omnir_type = get(|o| {
        omnir_memref_type_get(c.0, shape.as_ptr(), 1, dt, omnir_attribute::default(), omnir_attribute::default(), o)
    });
    let mut a = omnir_attribute::default();
    fails(omnir_dialect_type_get_param(c.0, dt, 1, &mut a), OMNIR_ERROR_OUT_OF_RANGE);
    fails(omnir_dialect_type_get(c.0, def_id, null(), 0, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_dialect_type_get(c.0, def_id + 100, p.as_ptr(), 1, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);
    let mut id = 0u32;
    fails(omnir_dialect_type_get_def(c.0, t, &mut id), OMNIR_ERROR_INVALID_ARGUMENT);

    // And a dialect attribute.
    let adef = omnir_type_definition {
        name: b"tag".as_ptr().cast(),
        name_len: 3,
        interfaces: null(),
        num_interfaces: 0,
        ..def
    };
    let adef_id: u32 = get(|o| omnir_dialect_register_attribute(c.0, &adef, o));
    let da: omnir_attribute = get(|o| omnir_dialect_attr_get(c.0, adef_id, p.as_ptr(), 1, o));
    assert_eq!(attr_kind(&c, da), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_DIALECT);
    assert_eq!(get(|o| omnir_dialect_attr_get_def(c.0, da, o)), adef_id);
    assert_eq!(get(|o| omnir_dialect_attr_get_num_params(c.0, da, o)), 1);
    assert_eq!(get(|o| omnir_dialect_attr_get_param(c.0, da, 0, o)), p[0]);
    assert_eq!(get(|o| omnir_attribute_get_type_id(c.0, da, o)), typeid("#test.tag"));
    fails(omnir_dialect_attr_get_param(c.0, da, 1, &mut a), OMNIR_ERROR_OUT_OF_RANGE);
    fails(omnir_dialect_attr_get(c.0, adef_id, p.as_ptr(), 0, &mut a), OMNIR_ERROR_INVALID_ARGUMENT);
}

// ---------------------------------------------------------------------------------------
// attributes

#[test]
fn scalar_attributes() {
    let c = ctx();
    let unit: omnir_attribute = get(|o| omnir_unit_attr_get(c.0, o));
    assert_eq!(aprint(&c, unit), "unit");
    assert_eq!(attr_kind(&c, unit), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_UNIT);
    assert_eq!(get(|o| omnir_attribute_get_type(c.0, unit, o)), omnir_type::default());

    let t: omnir_attribute = get(|o| omnir_bool_attr_get(c.0, true, o));
    assert_eq!(aprint(&c, t), "true");
    assert!(get(|o| omnir_bool_attr_get_value(c.0, t, o)));
    assert_eq!(attr_kind(&c, t), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_BOOL);
    assert_eq!(get(|o| omnir_attribute_get_type(c.0, t, o)), int(&c, 1));

    // integers
    let i8t = int(&c, 8);
    let a: omnir_attribute = get(|o| omnir_integer_attr_get(c.0, i8t, -3, o));
    assert_eq!(aprint(&c, a), "-3 : i8");
    assert_eq!(parse_attr(&c, "-3 : i8"), a);
    assert_eq!(get(|o| omnir_integer_attr_get_int64(c.0, a, o)), -3);
    assert_eq!(get(|o| omnir_integer_attr_get_uint64(c.0, a, o)), 253);
    assert_eq!(get(|o| omnir_integer_attr_get_num_words(c.0, a, o)), 1);
    assert_eq!(get(|o| omnir_integer_attr_get_word(c.0, a, 0, o)), 253);
    assert_eq!(get(|o| omnir_attribute_get_type(c.0, a, o)), i8t);
    assert_eq!(get(|o| omnir_integer_attr_get(c.0, i8t, 253, o)), a, "truncated to the width");
    let idx: omnir_attribute = get(|o| omnir_integer_attr_get(c.0, index(&c), 7, o));
    assert_eq!(aprint(&c, idx), "7 : index");
    // wide integers by words
    let i128t = int(&c, 128);
    let words = [1u64, 2];
    let wide: omnir_attribute = get(|o| omnir_integer_attr_from_words(c.0, i128t, words.as_ptr(), 2, o));
    assert_eq!(aprint(&c, wide), "36893488147419103233 : i128");
    assert_eq!(get(|o| omnir_integer_attr_get_num_words(c.0, wide, o)), 2);
    assert_eq!(get(|o| omnir_integer_attr_get_word(c.0, wide, 1, o)), 2);
    let mut v = 0i64;
    fails(omnir_integer_attr_get_int64(c.0, wide, &mut v), OMNIR_ERROR_INVALID_ARGUMENT);
    let mut w = 0u64;
    fails(omnir_integer_attr_get_uint64(c.0, wide, &mut w), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_integer_attr_get_word(c.0, wide, 2, &mut w), OMNIR_ERROR_OUT_OF_RANGE);
    let minus_one: omnir_attribute = get(|o| omnir_integer_attr_get(c.0, i128t, -1, o));
    assert_eq!(get(|o| omnir_integer_attr_get_int64(c.0, minus_one, o)), -1);
    let mut out = omnir_attribute::default();
    fails(omnir_integer_attr_get(c.0, f32t(&c), 1, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_integer_attr_from_words(c.0, i8t, null(), 1, &mut out), OMNIR_ERROR_NULL_ARGUMENT);

    // floats
    let f = f32t(&c);
    let fa: omnir_attribute = get(|o| omnir_float_attr_get(c.0, f, 1.5, o));
    assert_eq!(aprint(&c, fa), "1.500000e+00 : f32");
    assert_eq!(parse_attr(&c, "1.5 : f32"), fa);
    assert_eq!(get(|o| omnir_float_attr_get_double(c.0, fa, o)), 1.5);
    let mut lo = 0u64;
    let mut hi = 9u64;
    ok(omnir_float_attr_get_bits(c.0, fa, &mut lo, &mut hi));
    assert_eq!((lo, hi), (0x3fc0_0000, 0));
    assert_eq!(attr_kind(&c, fa), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_FLOAT);
    let bf: omnir_attribute = get(|o| omnir_float_attr_from_bits(c.0, f, 0x3fc0_0000, 0, o));
    assert_eq!(bf, fa);
    let f128 = float(&c, omnir_float_kind::OMNIR_FLOAT_KIND_F128);
    let one128: omnir_attribute = get(|o| omnir_float_attr_from_bits(c.0, f128, 0, 0x3fff_0000_0000_0000, o));
    assert_eq!(get(|o| omnir_float_attr_get_double(c.0, one128, o)), 1.0);
    ok(omnir_float_attr_get_bits(c.0, one128, &mut lo, &mut hi));
    assert_eq!((lo, hi), (0, 0x3fff_0000_0000_0000));
    let fn8 = float(&c, omnir_float_kind::OMNIR_FLOAT_KIND_F8E4M3FN);
    fails(omnir_float_attr_get(c.0, fn8, f64::INFINITY, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_float_attr_get(c.0, i8t, 1.0, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);
    let mut d = 0f64;
    fails(omnir_float_attr_get_double(c.0, a, &mut d), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_float_attr_get_bits(c.0, fa, null_mut(), &mut hi), OMNIR_ERROR_NULL_ARGUMENT);

    // strings: bytes, optionally typed; need not be UTF-8
    let s = str_attr(&c, "hi");
    assert_eq!(aprint(&c, s), "\"hi\"");
    assert_eq!(get_str(|o| omnir_string_attr_get_value(c.0, s, o)), "hi");
    assert_eq!(attr_kind(&c, s), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_STRING);
    let typed: omnir_attribute = get(|o| omnir_string_attr_get(c.0, b"x".as_ptr().cast(), 1, i8t, o));
    assert_eq!(aprint(&c, typed), "\"x\" : i8");
    assert_eq!(get(|o| omnir_attribute_get_type(c.0, typed, o)), i8t);
    let raw: omnir_attribute =
        get(|o| omnir_string_attr_get(c.0, BAD_UTF8.as_ptr().cast(), 4, omnir_type::default(), o));
    let bytes: omnir_string = get(|o| omnir_string_attr_get_value(c.0, raw, o));
    // SAFETY: omnir returned `len` bytes.
    assert_eq!(unsafe { std::slice::from_raw_parts(bytes.data.cast::<u8>(), bytes.len) }, BAD_UTF8);
    omnir_string_free(bytes);
    let empty: omnir_attribute = get(|o| omnir_string_attr_get(c.0, null(), 0, omnir_type::default(), o));
    assert_eq!(aprint(&c, empty), "\"\"");

    // type attribute
    let ta: omnir_attribute = get(|o| omnir_type_attr_get(c.0, f, o));
    assert_eq!(aprint(&c, ta), "f32");
    assert_eq!(get(|o| omnir_type_attr_get_value(c.0, ta, o)), f);
    assert_eq!(attr_kind(&c, ta), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_TYPE);
    let mut tt = omnir_type::default();
    fails(omnir_type_attr_get_value(c.0, s, &mut tt), OMNIR_ERROR_INVALID_ARGUMENT);
    let mut b = false;
    fails(omnir_bool_attr_get_value(c.0, s, &mut b), OMNIR_ERROR_INVALID_ARGUMENT);

    // TypeIds and interfaces
    assert_eq!(get(|o| omnir_attribute_get_type_id(c.0, a, o)), typeid("#builtin.integer"));
    assert!(get(|o| omnir_attribute_implements(c.0, a, typeid("builtin.TypedAttrInterface"), o)));
    assert!(!get(|o| omnir_attribute_implements(c.0, s, typeid("builtin.TypedAttrInterface"), o)));
}

#[test]
fn container_attributes() {
    let c = ctx();
    let one = i64_attr(&c, 1);
    let s = str_attr(&c, "s");
    let elems = [one, s];
    let arr: omnir_attribute = get(|o| omnir_array_attr_get(c.0, elems.as_ptr(), 2, o));
    assert_eq!(aprint(&c, arr), "[1, \"s\"]");
    assert_eq!(attr_kind(&c, arr), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_ARRAY);
    assert_eq!(get(|o| omnir_array_attr_get_num_elements(c.0, arr, o)), 2);
    assert_eq!(get(|o| omnir_array_attr_get_element(c.0, arr, 1, o)), s);
    let mut a = omnir_attribute::default();
    fails(omnir_array_attr_get_element(c.0, arr, 2, &mut a), OMNIR_ERROR_OUT_OF_RANGE);
    let empty: omnir_attribute = get(|o| omnir_array_attr_get(c.0, null(), 0, o));
    assert_eq!(aprint(&c, empty), "[]");

    let unit: omnir_attribute = get(|o| omnir_unit_attr_get(c.0, o));
    let entries = [
        omnir_named_attribute { name: b"zeta".as_ptr().cast(), name_len: 4, value: one },
        omnir_named_attribute { name: b"alpha".as_ptr().cast(), name_len: 5, value: unit },
    ];
    let dict: omnir_attribute = get(|o| omnir_dictionary_attr_get(c.0, entries.as_ptr(), 2, o));
    assert_eq!(aprint(&c, dict), "{alpha, zeta = 1 : i64}");
    assert_eq!(parse_attr(&c, "{zeta = 1 : i64, alpha}"), dict);
    assert_eq!(attr_kind(&c, dict), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_DICTIONARY);
    assert_eq!(get(|o| omnir_dictionary_attr_get_num_entries(c.0, dict, o)), 2);
    let mut name = omnir_string { data: null_mut(), len: 0 };
    let mut value = omnir_attribute::default();
    ok(omnir_dictionary_attr_get_entry(c.0, dict, 0, &mut name, &mut value));
    assert_eq!((take(name), value), ("alpha".to_string(), unit));
    assert_eq!(get(|o| omnir_dictionary_attr_lookup(c.0, dict, b"zeta".as_ptr().cast(), 4, o)), one);
    assert_eq!(
        get(|o| omnir_dictionary_attr_lookup(c.0, dict, b"nope".as_ptr().cast(), 4, o)),
        omnir_attribute::default()
    );
    let mut name = omnir_string { data: null_mut(), len: 0 };
    fails(omnir_dictionary_attr_get_entry(c.0, dict, 2, &mut name, &mut value), OMNIR_ERROR_OUT_OF_RANGE);
    assert!(name.data.is_null());
    fails(omnir_dictionary_attr_get_entry(c.0, dict, 0, &mut name, null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
    assert!(name.data.is_null(), "nothing allocated when an output is NULL");
    fails(omnir_dictionary_attr_lookup(c.0, arr, b"a".as_ptr().cast(), 1, &mut value), OMNIR_ERROR_INVALID_ARGUMENT);
    let dup = [entries[0], entries[0]];
    fails(omnir_dictionary_attr_get(c.0, dup.as_ptr(), 2, &mut a), OMNIR_ERROR_INVALID_ARGUMENT);
    let bad = [omnir_named_attribute { name: BAD_UTF8.as_ptr().cast(), name_len: 4, value: one }];
    fails(omnir_dictionary_attr_get(c.0, bad.as_ptr(), 1, &mut a), OMNIR_ERROR_INVALID_UTF8);
    let nameless = [omnir_named_attribute { name: null(), name_len: 0, value: one }];
    fails(omnir_dictionary_attr_get(c.0, nameless.as_ptr(), 1, &mut a), OMNIR_ERROR_INVALID_ARGUMENT);
    let zeroed = [omnir_named_attribute { name: b"a".as_ptr().cast(), name_len: 1, value: omnir_attribute::default() }];
    fails(omnir_dictionary_attr_get(c.0, zeroed.as_ptr(), 1, &mut a), OMNIR_ERROR_INVALID_ARGUMENT);

    // symbol references
    let nested = [sv(b"inner"), sv(b"leaf")];
    let sym: omnir_attribute =
        get(|o| omnir_symbol_ref_attr_get(c.0, b"root".as_ptr().cast(), 4, nested.as_ptr(), 2, o));
    assert_eq!(aprint(&c, sym), "@root::@inner::@leaf");
    assert_eq!(parse_attr(&c, "@root::@inner::@leaf"), sym);
    assert_eq!(attr_kind(&c, sym), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_SYMBOL_REF);
    assert_eq!(get_str(|o| omnir_symbol_ref_attr_get_root(c.0, sym, o)), "root");
    assert_eq!(get(|o| omnir_symbol_ref_attr_get_num_nested(c.0, sym, o)), 2);
    assert_eq!(get_str(|o| omnir_symbol_ref_attr_get_nested(c.0, sym, 1, o)), "leaf");
    let mut s2 = omnir_string { data: null_mut(), len: 0 };
    fails(omnir_symbol_ref_attr_get_nested(c.0, sym, 2, &mut s2), OMNIR_ERROR_OUT_OF_RANGE);
    let flat: omnir_attribute = get(|o| omnir_flat_symbol_ref_attr_get(c.0, b"f".as_ptr().cast(), 1, o));
    assert_eq!(aprint(&c, flat), "@f");
    assert_eq!(get(|o| omnir_symbol_ref_attr_get_num_nested(c.0, flat, o)), 0);
    let bad_nested = [sv(BAD_UTF8)];
    fails(
        omnir_symbol_ref_attr_get(c.0, b"r".as_ptr().cast(), 1, bad_nested.as_ptr(), 1, &mut a),
        OMNIR_ERROR_INVALID_UTF8,
    );
    fails(omnir_symbol_ref_attr_get_root(c.0, dict, &mut s2), OMNIR_ERROR_INVALID_ARGUMENT);
}

fn le_i32s(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[test]
fn dense_elements_and_arrays() {
    let c = ctx();
    let i32t = int(&c, 32);
    let t = tensor(&c, &[2, 2], i32t);
    let data = le_i32s(&[1, -2, 3, 4]);
    let d: omnir_attribute = get(|o| omnir_dense_elements_attr_get(c.0, t, data.as_ptr(), data.len(), o));
    assert_eq!(aprint(&c, d), "dense<[[1, -2], [3, 4]]> : tensor<2x2xi32>");
    assert_eq!(parse_attr(&c, "dense<[[1, -2], [3, 4]]> : tensor<2x2xi32>"), d);
    assert_eq!(attr_kind(&c, d), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_DENSE_ELEMENTS);
    assert_eq!(get(|o| omnir_attribute_get_type(c.0, d, o)), t);
    assert_eq!(get(|o| omnir_dense_elements_attr_get_num_elements(c.0, d, o)), 4);
    assert!(!get(|o| omnir_dense_elements_attr_is_splat(c.0, d, o)));
    assert_eq!(get(|o| omnir_dense_elements_attr_get_int64(c.0, d, 1, o)), -2);
    assert_eq!(get(|o| omnir_dense_elements_attr_get_uint64(c.0, d, 1, o)), 0xffff_fffe);
    assert_eq!(take_bytes(get(|o| omnir_dense_elements_attr_get_raw_data(c.0, d, o))), data);
    let e: omnir_attribute = get(|o| omnir_dense_elements_attr_get_element(c.0, d, 2, o));
    assert_eq!(aprint(&c, e), "3 : i32");
    assert!(get(|o| omnir_attribute_implements(c.0, d, typeid("builtin.ElementsAttrInterface"), o)));
    let mut v = 0i64;
    fails(omnir_dense_elements_attr_get_int64(c.0, d, 4, &mut v), OMNIR_ERROR_OUT_OF_RANGE);
    let mut x = 0f64;
    fails(omnir_dense_elements_attr_get_double(c.0, d, 0, &mut x), OMNIR_ERROR_INVALID_ARGUMENT);
    let mut out = omnir_attribute::default();
    fails(omnir_dense_elements_attr_get(c.0, t, data.as_ptr(), 5, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_dense_elements_attr_get(c.0, t, null(), 4, &mut out), OMNIR_ERROR_NULL_ARGUMENT);
    let dyn_t = tensor(&c, &[OMNIR_DYNAMIC], i32t);
    fails(omnir_dense_elements_attr_get(c.0, dyn_t, data.as_ptr(), 4, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);

    // splat
    let one = 7i32.to_le_bytes();
    let sp: omnir_attribute = get(|o| omnir_dense_elements_attr_get(c.0, t, one.as_ptr(), 4, o));
    assert_eq!(aprint(&c, sp), "dense<7> : tensor<2x2xi32>");
    assert!(get(|o| omnir_dense_elements_attr_is_splat(c.0, sp, o)));
    assert_eq!(get(|o| omnir_dense_elements_attr_get_num_elements(c.0, sp, o)), 4);
    assert_eq!(get(|o| omnir_dense_elements_attr_get_int64(c.0, sp, 3, o)), 7);
    assert_eq!(take_bytes(get(|o| omnir_dense_elements_attr_get_raw_data(c.0, sp, o))), one);

    // floats, i1 and complex
    let f = f32t(&c);
    let ft = tensor(&c, &[2], f);
    let fdata: Vec<u8> = [0.5f32, -1.0].iter().flat_map(|x| x.to_le_bytes()).collect();
    let fd: omnir_attribute = get(|o| omnir_dense_elements_attr_get(c.0, ft, fdata.as_ptr(), 8, o));
    assert_eq!(aprint(&c, fd), "dense<[5.000000e-01, -1.000000e+00]> : tensor<2xf32>");
    assert_eq!(get(|o| omnir_dense_elements_attr_get_double(c.0, fd, 1, o)), -1.0);
    let fe: omnir_attribute = get(|o| omnir_dense_elements_attr_get_element(c.0, fd, 0, o));
    assert_eq!(get(|o| omnir_float_attr_get_double(c.0, fe, o)), 0.5);
    fails(omnir_dense_elements_attr_get_int64(c.0, fd, 0, &mut v), OMNIR_ERROR_INVALID_ARGUMENT);
    let bt = tensor(&c, &[3], int(&c, 1));
    let bools = [1u8, 0, 1];
    let bd: omnir_attribute = get(|o| omnir_dense_elements_attr_get(c.0, bt, bools.as_ptr(), 3, o));
    assert_eq!(aprint(&c, bd), "dense<[true, false, true]> : tensor<3xi1>");
    assert_eq!(get(|o| omnir_dense_elements_attr_get_uint64(c.0, bd, 2, o)), 1);
    assert_eq!(get(|o| omnir_dense_elements_attr_get_int64(c.0, bd, 2, o)), -1, "sign-extended, as MLIR");
    let cf: omnir_type = get(|o| omnir_complex_type_get(c.0, f, o));
    let ct = tensor(&c, &[1], cf);
    let cdata: Vec<u8> = [1.0f32, 2.0].iter().flat_map(|x| x.to_le_bytes()).collect();
    let cd: omnir_attribute = get(|o| omnir_dense_elements_attr_get(c.0, ct, cdata.as_ptr(), 8, o));
    assert_eq!(take_bytes(get(|o| omnir_dense_elements_attr_get_raw_data(c.0, cd, o))), cdata);
    fails(omnir_dense_elements_attr_get_element(c.0, cd, 0, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_dense_elements_attr_get_double(c.0, cd, 0, &mut x), OMNIR_ERROR_INVALID_ARGUMENT);

    // dense strings
    let st = tensor(&c, &[2], int(&c, 8));
    let strs = [sv(b"a"), sv(b"\xffb")];
    let ds: omnir_attribute = get(|o| omnir_dense_string_attr_get(c.0, st, strs.as_ptr(), 2, o));
    assert_eq!(attr_kind(&c, ds), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_DENSE_STRING_ELEMENTS);
    assert_eq!(get(|o| omnir_dense_elements_attr_get_num_elements(c.0, ds, o)), 2);
    assert!(!get(|o| omnir_dense_elements_attr_is_splat(c.0, ds, o)));
    assert_eq!(get_str(|o| omnir_dense_elements_attr_get_string(c.0, ds, 0, o)), "a");
    let mut s = omnir_string { data: null_mut(), len: 0 };
    fails(omnir_dense_elements_attr_get_string(c.0, ds, 2, &mut s), OMNIR_ERROR_OUT_OF_RANGE);
    fails(omnir_dense_elements_attr_get_string(c.0, d, 0, &mut s), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_dense_string_attr_get(c.0, st, strs.as_ptr(), 0, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);
    let sps: omnir_attribute = get(|o| omnir_dense_string_attr_get(c.0, st, strs.as_ptr(), 1, o));
    assert!(get(|o| omnir_dense_elements_attr_is_splat(c.0, sps, o)));
    assert_eq!(get_str(|o| omnir_dense_elements_attr_get_string(c.0, sps, 1, o)), "a");
    assert_eq!(aprint(&c, sps), "dense<\"a\"> : tensor<2xi8>");
    fails(
        omnir_dense_elements_attr_get_raw_data(c.0, ds, &mut omnir_bytes { data: null_mut(), len: 0 }),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );

    // dense arrays
    let arr_data = le_i32s(&[5, 6, 7]);
    let da: omnir_attribute = get(|o| omnir_dense_array_attr_get(c.0, i32t, arr_data.as_ptr(), 12, o));
    assert_eq!(aprint(&c, da), "array<i32: 5, 6, 7>");
    assert_eq!(parse_attr(&c, "array<i32: 5, 6, 7>"), da);
    assert_eq!(attr_kind(&c, da), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_DENSE_ARRAY);
    assert_eq!(get(|o| omnir_dense_array_attr_get_element_type(c.0, da, o)), i32t);
    assert_eq!(get(|o| omnir_dense_elements_attr_get_num_elements(c.0, da, o)), 3);
    assert_eq!(get(|o| omnir_dense_elements_attr_get_int64(c.0, da, 2, o)), 7);
    assert_eq!(take_bytes(get(|o| omnir_dense_elements_attr_get_raw_data(c.0, da, o))), arr_data);
    let fa_data = 2.5f64.to_le_bytes();
    let f64t = float(&c, omnir_float_kind::OMNIR_FLOAT_KIND_F64);
    let fda: omnir_attribute = get(|o| omnir_dense_array_attr_get(c.0, f64t, fa_data.as_ptr(), 8, o));
    assert_eq!(get(|o| omnir_dense_elements_attr_get_double(c.0, fda, 0, o)), 2.5);
    let empty_arr: omnir_attribute = get(|o| omnir_dense_array_attr_get(c.0, i32t, null(), 0, o));
    assert_eq!(aprint(&c, empty_arr), "array<i32>");
    assert!(take_bytes(get(|o| omnir_dense_elements_attr_get_raw_data(c.0, empty_arr, o))).is_empty());
    fails(omnir_dense_elements_attr_get_int64(c.0, empty_arr, 0, &mut v), OMNIR_ERROR_OUT_OF_RANGE);
    fails(omnir_dense_array_attr_get(c.0, i32t, arr_data.as_ptr(), 5, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_dense_array_attr_get(c.0, int(&c, 7), arr_data.as_ptr(), 4, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);
    let mut tt = omnir_type::default();
    fails(omnir_dense_array_attr_get_element_type(c.0, d, &mut tt), OMNIR_ERROR_INVALID_ARGUMENT);
}

#[test]
fn dense_resources_and_blob_store() {
    let c = ctx();
    let t = tensor(&c, &[2], int(&c, 32));
    let blob = le_i32s(&[10, 20]);
    let g = b"builtin";
    let key: String = get_str(|o| {
        omnir_context_insert_resource(c.0, g.as_ptr().cast(), 7, b"w".as_ptr().cast(), 1, blob.as_ptr().cast(), 8, 4, o)
    });
    assert_eq!(key, "w");
    let key2 = get_str(|o| {
        omnir_context_insert_resource(c.0, g.as_ptr().cast(), 7, b"w".as_ptr().cast(), 1, blob.as_ptr().cast(), 4, 4, o)
    });
    assert_eq!(key2, "w_1", "a taken key is renamed, as MLIR does");
    assert!(get(|o| omnir_context_has_resource(c.0, g.as_ptr().cast(), 7, b"w_1".as_ptr().cast(), 3, o)));
    let mut data = omnir_bytes { data: null_mut(), len: 0 };
    let mut align = 0u32;
    ok(omnir_context_get_resource(c.0, g.as_ptr().cast(), 7, b"w".as_ptr().cast(), 1, &mut data, &mut align));
    assert_eq!((take_bytes(data), align), (blob.clone(), 4));
    ok(omnir_context_set_resource(c.0, g.as_ptr().cast(), 7, b"w".as_ptr().cast(), 1, blob.as_ptr().cast(), 4, 8));
    let mut data = omnir_bytes { data: null_mut(), len: 0 };
    ok(omnir_context_get_resource(c.0, g.as_ptr().cast(), 7, b"w".as_ptr().cast(), 1, &mut data, &mut align));
    assert_eq!((take_bytes(data), align), (blob[..4].to_vec(), 8));

    let r: omnir_attribute = get(|o| omnir_dense_resource_attr_get(c.0, t, b"w".as_ptr().cast(), 1, o));
    assert_eq!(aprint(&c, r), "dense_resource<w> : tensor<2xi32>");
    assert_eq!(attr_kind(&c, r), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_DENSE_RESOURCE_ELEMENTS);
    assert_eq!(get_str(|o| omnir_dense_resource_attr_get_key(c.0, r, o)), "w");
    assert_eq!(get(|o| omnir_dense_elements_attr_get_num_elements(c.0, r, o)), 2);

    // Misuse changes nothing in the store.
    let mut s = omnir_string { data: null_mut(), len: 0 };
    let k = b"new";
    fails(
        omnir_context_insert_resource(
            c.0,
            g.as_ptr().cast(),
            7,
            k.as_ptr().cast(),
            3,
            blob.as_ptr().cast(),
            8,
            3,
            &mut s,
        ),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    fails(
        omnir_context_insert_resource(
            c.0,
            g.as_ptr().cast(),
            7,
            k.as_ptr().cast(),
            3,
            blob.as_ptr().cast(),
            8,
            4,
            null_mut(),
        ),
        OMNIR_ERROR_NULL_ARGUMENT,
    );
    fails(
        omnir_context_insert_resource(
            c.0,
            g.as_ptr().cast(),
            7,
            BAD_UTF8.as_ptr().cast(),
            4,
            blob.as_ptr().cast(),
            8,
            4,
            &mut s,
        ),
        OMNIR_ERROR_INVALID_UTF8,
    );
    fails(
        omnir_context_insert_resource(
            c.0,
            g.as_ptr().cast(),
            7,
            k.as_ptr().cast(),
            0,
            blob.as_ptr().cast(),
            8,
            4,
            &mut s,
        ),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    fails(
        omnir_context_insert_resource(c.0, g.as_ptr().cast(), 7, k.as_ptr().cast(), 3, null(), 8, 4, &mut s),
        OMNIR_ERROR_NULL_ARGUMENT,
    );
    fails(
        omnir_context_set_resource(c.0, g.as_ptr().cast(), 7, k.as_ptr().cast(), 3, blob.as_ptr().cast(), 8, 0),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    assert!(!get(|o| omnir_context_has_resource(c.0, g.as_ptr().cast(), 7, k.as_ptr().cast(), 3, o)));
    let mut data = omnir_bytes { data: null_mut(), len: 0 };
    fails(
        omnir_context_get_resource(c.0, g.as_ptr().cast(), 7, k.as_ptr().cast(), 3, &mut data, &mut align),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    assert!(data.data.is_null());
    let mut out = omnir_attribute::default();
    fails(omnir_dense_resource_attr_get(c.0, t, null(), 0, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_dense_resource_attr_get_key(c.0, t_attr(&c), &mut s), OMNIR_ERROR_INVALID_ARGUMENT);
}

fn t_attr(c: &Ctx) -> omnir_attribute {
    i64_attr(c, 3)
}

fn node(kind: omnir_affine_node_kind, lhs: u32, rhs: u32, value: i64) -> omnir_affine_node {
    omnir_affine_node { kind: kind as u32, lhs, rhs, value }
}

#[test]
fn affine_maps_and_integer_sets() {
    use omnir_affine_node_kind::*;
    let c = ctx();
    // (d0, d1)[s0] -> (d0 + s0, d1 * 2)
    let nodes = [
        node(OMNIR_AFFINE_NODE_DIM, 0, 0, 0),
        node(OMNIR_AFFINE_NODE_SYMBOL, 0, 0, 0),
        node(OMNIR_AFFINE_NODE_ADD, 0, 1, 0),
        node(OMNIR_AFFINE_NODE_DIM, 0, 0, 1),
        node(OMNIR_AFFINE_NODE_CONSTANT, 0, 0, 2),
        node(OMNIR_AFFINE_NODE_MUL, 3, 4, 0),
    ];
    let results = [2u32, 5];
    let m: omnir_attribute = get(|o| omnir_affine_map_attr_get(c.0, 2, 1, nodes.as_ptr(), 6, results.as_ptr(), 2, o));
    assert_eq!(aprint(&c, m), "affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>");
    assert_eq!(parse_attr(&c, "affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>"), m);
    assert_eq!(attr_kind(&c, m), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_AFFINE_MAP);
    assert_eq!(get(|o| omnir_affine_map_attr_get_num_dims(c.0, m, o)), 2);
    assert_eq!(get(|o| omnir_affine_map_attr_get_num_symbols(c.0, m, o)), 1);
    assert_eq!(get(|o| omnir_affine_map_attr_get_num_results(c.0, m, o)), 2);
    assert_eq!(get(|o| omnir_affine_map_attr_get_result(c.0, m, 1, o)), 5);
    assert_eq!(get(|o| omnir_affine_map_attr_get_num_nodes(c.0, m, o)), 6);
    for (i, n) in nodes.iter().enumerate() {
        assert_eq!(get(|o| omnir_affine_map_attr_get_node(c.0, m, i, o)), *n, "node {i} round-trips");
    }
    assert!(!get(|o| omnir_affine_map_attr_is_identity(c.0, m, o)));
    let id: omnir_attribute = get(|o| omnir_affine_map_attr_get_identity(c.0, 2, o));
    assert_eq!(aprint(&c, id), "affine_map<(d0, d1) -> (d0, d1)>");
    assert!(get(|o| omnir_affine_map_attr_is_identity(c.0, id, o)));
    assert!(get(|o| omnir_attribute_implements(c.0, m, typeid("builtin.MemRefLayoutAttrInterface"), o)));

    // Any layout of the same trees gives the same (canonical) attribute: shared nodes,
    // unused nodes and a different order.
    let shared = [
        node(OMNIR_AFFINE_NODE_CONSTANT, 0, 0, 99), // unused
        node(OMNIR_AFFINE_NODE_DIM, 0, 0, 1),
        node(OMNIR_AFFINE_NODE_CONSTANT, 0, 0, 2),
        node(OMNIR_AFFINE_NODE_MUL, 1, 2, 0),
        node(OMNIR_AFFINE_NODE_SYMBOL, 0, 0, 0),
        node(OMNIR_AFFINE_NODE_DIM, 0, 0, 0),
        node(OMNIR_AFFINE_NODE_ADD, 5, 4, 0),
    ];
    let roots = [6u32, 3];
    let m2: omnir_attribute = get(|o| omnir_affine_map_attr_get(c.0, 2, 1, shared.as_ptr(), 7, roots.as_ptr(), 2, o));
    assert_eq!(m2, m, "canonicalized: equal maps are equal handles");
    // (d0) -> (d0 + d0, d0): the shared d0 is expanded, and the sum simplified as MLIR
    // builds it.
    let dag = [node(OMNIR_AFFINE_NODE_DIM, 0, 0, 0), node(OMNIR_AFFINE_NODE_ADD, 0, 0, 0)];
    let dag_roots = [1u32, 0];
    let m3: omnir_attribute = get(|o| omnir_affine_map_attr_get(c.0, 1, 0, dag.as_ptr(), 2, dag_roots.as_ptr(), 2, o));
    assert_eq!(aprint(&c, m3), "affine_map<(d0) -> (d0 * 2, d0)>");
    assert_eq!(get(|o| omnir_affine_map_attr_get_num_nodes(c.0, m3, o)), 4);

    // Malformed input.
    let mut out = omnir_attribute::default();
    let forward = [node(OMNIR_AFFINE_NODE_ADD, 0, 1, 0), node(OMNIR_AFFINE_NODE_DIM, 0, 0, 0)];
    let r0 = [0u32];
    fails(
        omnir_affine_map_attr_get(c.0, 1, 0, forward.as_ptr(), 2, r0.as_ptr(), 1, &mut out),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    let out_of_dims = [node(OMNIR_AFFINE_NODE_DIM, 0, 0, 3)];
    fails(
        omnir_affine_map_attr_get(c.0, 1, 0, out_of_dims.as_ptr(), 1, r0.as_ptr(), 1, &mut out),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    let negative = [node(OMNIR_AFFINE_NODE_SYMBOL, 0, 0, -1)];
    fails(
        omnir_affine_map_attr_get(c.0, 0, 1, negative.as_ptr(), 1, r0.as_ptr(), 1, &mut out),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    let bad_kind = [omnir_affine_node { kind: 8, lhs: 0, rhs: 0, value: 0 }];
    fails(
        omnir_affine_map_attr_get(c.0, 1, 0, bad_kind.as_ptr(), 1, r0.as_ptr(), 1, &mut out),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    let r9 = [9u32];
    fails(
        omnir_affine_map_attr_get(c.0, 1, 0, dag.as_ptr(), 2, r9.as_ptr(), 1, &mut out),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    // Exponential sharing is refused, not expanded.
    let mut bomb = vec![node(OMNIR_AFFINE_NODE_DIM, 0, 0, 0)];
    for i in 0..64u32 {
        bomb.push(node(OMNIR_AFFINE_NODE_ADD, i, i, 0));
    }
    let top = [64u32];
    let msg = fails(
        omnir_affine_map_attr_get(c.0, 1, 0, bomb.as_ptr(), bomb.len(), top.as_ptr(), 1, &mut out),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    assert!(msg.contains("expand"), "{msg}");
    assert_eq!(out, omnir_attribute::default());
    let mut n = omnir_affine_node::default();
    fails(omnir_affine_map_attr_get_node(c.0, m, 6, &mut n), OMNIR_ERROR_OUT_OF_RANGE);
    let mut u = 0u32;
    fails(omnir_affine_map_attr_get_result(c.0, m, 2, &mut u), OMNIR_ERROR_OUT_OF_RANGE);
    fails(omnir_affine_map_attr_get_num_dims(c.0, t_attr(&c), &mut u), OMNIR_ERROR_INVALID_ARGUMENT);

    // (d0)[s0] : (d0 - s0 >= 0, d0 == 0), written as d0 + s0 * -1.
    let set_nodes = [
        node(OMNIR_AFFINE_NODE_DIM, 0, 0, 0),
        node(OMNIR_AFFINE_NODE_SYMBOL, 0, 0, 0),
        node(OMNIR_AFFINE_NODE_CONSTANT, 0, 0, -1),
        node(OMNIR_AFFINE_NODE_MUL, 1, 2, 0),
        node(OMNIR_AFFINE_NODE_ADD, 0, 3, 0),
        node(OMNIR_AFFINE_NODE_DIM, 0, 0, 0),
    ];
    let cons = [
        omnir_affine_constraint { root: 4, is_equality: false },
        omnir_affine_constraint { root: 5, is_equality: true },
    ];
    let s: omnir_attribute = get(|o| omnir_integer_set_attr_get(c.0, 1, 1, set_nodes.as_ptr(), 6, cons.as_ptr(), 2, o));
    assert_eq!(aprint(&c, s), "affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>");
    assert_eq!(parse_attr(&c, "affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>"), s);
    assert_eq!(attr_kind(&c, s), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_INTEGER_SET);
    assert_eq!(get(|o| omnir_integer_set_attr_get_num_dims(c.0, s, o)), 1);
    assert_eq!(get(|o| omnir_integer_set_attr_get_num_symbols(c.0, s, o)), 1);
    assert_eq!(get(|o| omnir_integer_set_attr_get_num_constraints(c.0, s, o)), 2);
    assert_eq!(get(|o| omnir_integer_set_attr_get_constraint(c.0, s, 1, o)), cons[1]);
    assert_eq!(get(|o| omnir_integer_set_attr_get_num_nodes(c.0, s, o)), 6);
    assert_eq!(get(|o| omnir_integer_set_attr_get_node(c.0, s, 2, o)), set_nodes[2]);
    let mut k = omnir_affine_constraint::default();
    fails(omnir_integer_set_attr_get_constraint(c.0, s, 2, &mut k), OMNIR_ERROR_OUT_OF_RANGE);
    fails(omnir_integer_set_attr_get_num_dims(c.0, m, &mut u), OMNIR_ERROR_INVALID_ARGUMENT);
    let bad_cons = [omnir_affine_constraint { root: 6, is_equality: false }];
    fails(
        omnir_integer_set_attr_get(c.0, 1, 1, set_nodes.as_ptr(), 6, bad_cons.as_ptr(), 1, &mut out),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
}

#[test]
fn strided_distinct_opaque_attributes() {
    let c = ctx();
    let strides = [4i64, 1];
    let s: omnir_attribute = get(|o| omnir_strided_layout_attr_get(c.0, OMNIR_DYNAMIC, strides.as_ptr(), 2, o));
    assert_eq!(aprint(&c, s), "strided<[4, 1], offset: ?>");
    assert_eq!(attr_kind(&c, s), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_STRIDED_LAYOUT);
    assert_eq!(get(|o| omnir_strided_layout_attr_get_offset(c.0, s, o)), OMNIR_DYNAMIC);
    assert_eq!(get(|o| omnir_strided_layout_attr_get_num_strides(c.0, s, o)), 2);
    assert_eq!(get(|o| omnir_strided_layout_attr_get_stride(c.0, s, 0, o)), 4);
    let mut v = 0i64;
    fails(omnir_strided_layout_attr_get_stride(c.0, s, 2, &mut v), OMNIR_ERROR_OUT_OF_RANGE);
    let neg = [-4i64];
    let mut out = omnir_attribute::default();
    fails(omnir_strided_layout_attr_get(c.0, 0, neg.as_ptr(), 1, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);

    let inner = i64_attr(&c, 5);
    let d1: omnir_attribute = get(|o| omnir_distinct_attr_create(c.0, inner, o));
    let d2: omnir_attribute = get(|o| omnir_distinct_attr_create(c.0, inner, o));
    assert_ne!(d1, d2, "distinct attributes are never uniqued");
    assert_eq!(attr_kind(&c, d1), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_DISTINCT);
    assert_eq!(get(|o| omnir_distinct_attr_get_referenced(c.0, d2, o)), inner);
    assert!(aprint(&c, d1).starts_with("distinct["), "{}", aprint(&c, d1));
    fails(omnir_distinct_attr_create(c.0, omnir_attribute::default(), &mut out), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_distinct_attr_get_referenced(c.0, inner, &mut out), OMNIR_ERROR_INVALID_ARGUMENT);

    let o: omnir_attribute = get(|o| {
        omnir_opaque_attr_get(c.0, b"foo".as_ptr().cast(), 3, b"bar".as_ptr().cast(), 3, omnir_type::default(), o)
    });
    assert_eq!(aprint(&c, o), "#foo.bar");
    assert_eq!(attr_kind(&c, o), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_OPAQUE);
    assert_eq!(get_str(|x| omnir_opaque_attr_get_dialect(c.0, o, x)), "foo");
    assert_eq!(get_str(|x| omnir_opaque_attr_get_data(c.0, o, x)), "bar");
    let typed: omnir_attribute =
        get(|x| omnir_opaque_attr_get(c.0, b"foo".as_ptr().cast(), 3, b"bar".as_ptr().cast(), 3, int(&c, 8), x));
    assert_eq!(get(|x| omnir_attribute_get_type(c.0, typed, x)), int(&c, 8));
    fails(
        omnir_opaque_attr_get(c.0, b"".as_ptr().cast(), 0, b"bar".as_ptr().cast(), 3, omnir_type::default(), &mut out),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    let mut st = omnir_string { data: null_mut(), len: 0 };
    fails(omnir_opaque_attr_get_data(c.0, inner, &mut st), OMNIR_ERROR_INVALID_ARGUMENT);
}

// ---------------------------------------------------------------------------------------
// locations

#[test]
fn locations() {
    let c = ctx();
    let unknown: omnir_location = get(|o| omnir_unknown_loc_get(c.0, o));
    assert_eq!(lprint(&c, unknown), "loc(unknown)");
    let lk = |l| -> omnir_location_kind { get(|o| omnir_location_get_kind(c.0, l, o)) };
    assert_eq!(lk(unknown), omnir_location_kind::OMNIR_LOCATION_KIND_UNKNOWN);

    let f = file_loc(&c, "a.mlir", 3, 4);
    assert_eq!(lprint(&c, f), "loc(\"a.mlir\":3:4)");
    assert_eq!(lk(f), omnir_location_kind::OMNIR_LOCATION_KIND_FILE_LINE_COL);
    assert_eq!(get_str(|o| omnir_file_line_col_loc_get_file(c.0, f, o)), "a.mlir");
    let (mut a, mut b, mut d, mut e) = (0, 0, 0, 0);
    ok(omnir_file_line_col_loc_get_range(c.0, f, &mut a, &mut b, &mut d, &mut e));
    assert_eq!((a, b, d, e), (3, 4, 3, 4));
    assert_eq!(file_loc(&c, "a.mlir", 3, 4), f, "uniqued");
    let r: omnir_location =
        get(|o| omnir_file_line_col_range_loc_get(c.0, b"a.mlir".as_ptr().cast(), 6, 1, 2, 3, 9, o));
    assert_eq!(lprint(&c, r), "loc(\"a.mlir\":1:2 to 3:9)");
    ok(omnir_file_line_col_loc_get_range(c.0, r, &mut a, &mut b, &mut d, &mut e));
    assert_eq!((a, b, d, e), (1, 2, 3, 9));

    let n: omnir_location = get(|o| omnir_name_loc_get(c.0, b"x".as_ptr().cast(), 1, f, o));
    assert_eq!(lprint(&c, n), "loc(\"x\"(\"a.mlir\":3:4))");
    assert_eq!(lk(n), omnir_location_kind::OMNIR_LOCATION_KIND_NAME);
    assert_eq!(get_str(|o| omnir_name_loc_get_name(c.0, n, o)), "x");
    assert_eq!(get(|o| omnir_name_loc_get_child(c.0, n, o)), f);
    let bare: omnir_location = get(|o| omnir_name_loc_get(c.0, b"y".as_ptr().cast(), 1, omnir_location::default(), o));
    assert_eq!(lprint(&c, bare), "loc(\"y\")");
    assert_eq!(get(|o| omnir_name_loc_get_child(c.0, bare, o)), unknown);

    let cs: omnir_location = get(|o| omnir_call_site_loc_get(c.0, n, f, o));
    assert_eq!(lk(cs), omnir_location_kind::OMNIR_LOCATION_KIND_CALL_SITE);
    assert_eq!(get(|o| omnir_call_site_loc_get_callee(c.0, cs, o)), n);
    assert_eq!(get(|o| omnir_call_site_loc_get_caller(c.0, cs, o)), f);
    assert!(lprint(&c, cs).starts_with("loc(callsite("), "{}", lprint(&c, cs));

    let meta = str_attr(&c, "m");
    let parts = [f, r, unknown];
    let fused: omnir_location = get(|o| omnir_fused_loc_get(c.0, parts.as_ptr(), 3, meta, o));
    assert_eq!(lk(fused), omnir_location_kind::OMNIR_LOCATION_KIND_FUSED);
    assert_eq!(lprint(&c, fused), "loc(fused<\"m\">[\"a.mlir\":3:4, \"a.mlir\":1:2 to 3:9])");
    assert_eq!(get(|o| omnir_fused_loc_get_num_locations(c.0, fused, o)), 2, "unknown dropped");
    assert_eq!(get(|o| omnir_fused_loc_get_location(c.0, fused, 1, o)), r);
    assert_eq!(get(|o| omnir_fused_loc_get_metadata(c.0, fused, o)), meta);
    let single: omnir_location = get(|o| omnir_fused_loc_get(c.0, parts.as_ptr(), 1, omnir_attribute::default(), o));
    assert_eq!(single, f, "a single location without metadata is itself");
    let plain: omnir_location = get(|o| omnir_fused_loc_get(c.0, parts.as_ptr(), 2, omnir_attribute::default(), o));
    assert_eq!(get(|o| omnir_fused_loc_get_metadata(c.0, plain, o)), omnir_attribute::default());

    // conversions
    let attr: omnir_attribute = get(|o| omnir_location_to_attribute(c.0, n, o));
    assert_eq!(attr_kind(&c, attr), omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_LOCATION);
    assert_eq!(get(|o| omnir_attribute_to_location(c.0, attr, o)), n);
    assert!(get(|o| omnir_attribute_implements(c.0, attr, typeid("builtin.LocationAttrInterface"), o)));
    let mut l = omnir_location::default();
    fails(omnir_attribute_to_location(c.0, meta, &mut l), OMNIR_ERROR_INVALID_ARGUMENT);
    assert_eq!(l, omnir_location::default());
    // A location handle made from a non-location attribute is refused everywhere.
    let forged = omnir_location { context: meta.context, id: meta.id };
    let mut s = omnir_string { data: null_mut(), len: 0 };
    fails(omnir_location_print(c.0, forged, &mut s), OMNIR_ERROR_INVALID_ARGUMENT);

    // wrong kinds and ranges
    fails(omnir_name_loc_get_name(c.0, f, &mut s), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_file_line_col_loc_get_file(c.0, n, &mut s), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_file_line_col_loc_get_range(c.0, f, &mut a, null_mut(), &mut d, &mut e), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_call_site_loc_get_callee(c.0, f, &mut l), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_fused_loc_get_location(c.0, fused, 2, &mut l), OMNIR_ERROR_OUT_OF_RANGE);
    fails(omnir_fused_loc_get_num_locations(c.0, f, &mut 0usize), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_call_site_loc_get(c.0, n, omnir_location::default(), &mut l), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_file_line_col_loc_get(c.0, BAD_UTF8.as_ptr().cast(), 4, 1, 1, &mut l), OMNIR_ERROR_INVALID_UTF8);
    fails(omnir_name_loc_get(c.0, b"x".as_ptr().cast(), 1, forged, &mut l), OMNIR_ERROR_INVALID_ARGUMENT);
    let with_zero = [f, omnir_location::default()];
    fails(
        omnir_fused_loc_get(c.0, with_zero.as_ptr(), 2, omnir_attribute::default(), &mut l),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
}

// ---------------------------------------------------------------------------------------
// TypeIds

#[test]
fn typeids() {
    let a = typeid("capi_values.some_kind");
    assert_eq!(typeid("capi_values.some_kind"), a, "the same name is the same id");
    assert_ne!(typeid("capi_values.other_kind"), a);
    assert_eq!(get_str(|o| omnir_typeid_get_name(a, o)), "capi_values.some_kind");
    for name in [
        "builtin.MemRefElementTypeInterface",
        "builtin.ShapedTypeInterface",
        "builtin.FloatTypeInterface",
        "builtin.TypedAttrInterface",
        "builtin.ElementsAttrInterface",
        "builtin.MemRefLayoutAttrInterface",
        "builtin.LocationAttrInterface",
    ] {
        assert_eq!(get_str(|o| omnir_typeid_get_name(typeid(name), o)), name);
    }
    let mut id = 5u32;
    fails(omnir_typeid_get(null(), 3, &mut id), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_typeid_get(b"".as_ptr().cast(), 0, &mut id), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_typeid_get(BAD_UTF8.as_ptr().cast(), 4, &mut id), OMNIR_ERROR_INVALID_UTF8);
    fails(omnir_typeid_get(b"x.y".as_ptr().cast(), 3, null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
    assert_eq!(id, 5);
    let mut s = omnir_string { data: null_mut(), len: 0 };
    fails(omnir_typeid_get_name(u32::MAX, &mut s), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_typeid_get_name(a, null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
}

// ---------------------------------------------------------------------------------------
// diagnostics

/// What the Rust test handlers record.
#[derive(Default)]
struct Seen {
    ctx: usize,
    messages: Vec<String>,
    severities: Vec<omnir_severity>,
    notes: Vec<String>,
    printed_locations: Vec<String>,
    rendered: Vec<String>,
    busy_inside: Vec<omnir_status>,
    handled: bool,
    detach_self: Option<u64>,
    panic: bool,
}

fn message_of(d: *const omnir_diagnostic) -> String {
    let mut data = null();
    let mut len = 0usize;
    ok(omnir_diagnostic_get_message(d, &mut data, &mut len));
    // SAFETY: borrowed for the duration of the handler call; followed by a NUL.
    let bytes = unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len + 1) };
    assert_eq!(bytes[len], 0, "NUL-terminated for C");
    String::from_utf8(bytes[..len].to_vec()).unwrap()
}

unsafe extern "C-unwind" fn recording_handler(
    user_data: *mut c_void,
    ctx: *mut omnir_context,
    d: *const omnir_diagnostic,
) -> bool {
    // SAFETY: the tests pass a `*mut Seen` that outlives the handler.
    let seen = unsafe { &mut *(user_data as *mut Seen) };
    assert_eq!(ctx as usize, seen.ctx, "the handler receives its context");
    if seen.panic {
        panic!("handler exploded");
    }
    seen.messages.push(message_of(d));
    seen.severities.push(get(|o| omnir_diagnostic_get_severity(d, o)));
    let n: usize = get(|o| omnir_diagnostic_get_num_notes(d, o));
    for i in 0..n {
        let note: *const omnir_diagnostic = get(|o| omnir_diagnostic_get_note(d, i, o));
        seen.notes.push(message_of(note));
    }
    // Read-only calls into the context work from inside the handler...
    let loc: omnir_location = get(|o| omnir_diagnostic_get_location(d, o));
    seen.printed_locations.push(get_str(|o| omnir_location_print(ctx, loc, o)));
    seen.rendered.push(get_str(|o| omnir_diagnostic_render(ctx, d, o)));
    let _: omnir_type = get(|o| omnir_integer_type_get(ctx, 3, 0, o));
    // ...mutating ones are refused as BUSY.
    let mut m = omnir_op::default();
    seen.busy_inside.push(omnir_module_parse(ctx, b"".as_ptr().cast(), 0, b"f".as_ptr().cast(), 1, &mut m));
    if let Some(id) = seen.detach_self.take() {
        ok(omnir_context_detach_diagnostic_handler(ctx, id));
    }
    seen.handled
}

static FREED: AtomicUsize = AtomicUsize::new(0);

unsafe extern "C" fn count_free(user_data: *mut c_void) {
    assert!(!user_data.is_null());
    FREED.fetch_add(1, Ordering::SeqCst);
}

fn emit(c: &Ctx, sev: omnir_severity, loc: omnir_location, msg: &str, notes: &[omnir_diagnostic_note]) -> omnir_status {
    omnir_context_emit_diagnostic(c.0, sev as u32, loc, msg.as_ptr().cast(), msg.len(), notes.as_ptr(), notes.len())
}

#[test]
fn diagnostic_handlers() {
    // `FREED` is shared by the tests of this binary: only this test uses `count_free`.
    let c = ctx();
    let loc = file_loc(&c, "v.py", 7, 2);
    let mut older = Seen { ctx: c.0 as usize, handled: true, ..Default::default() };
    let mut newer = Seen { ctx: c.0 as usize, handled: false, ..Default::default() };
    let older_id: u64 = get(|o| {
        omnir_context_attach_diagnostic_handler(
            c.0,
            Some(recording_handler),
            &mut older as *mut Seen as *mut c_void,
            Some(count_free),
            o,
        )
    });
    let newer_id: u64 = get(|o| {
        omnir_context_attach_diagnostic_handler(
            c.0,
            Some(recording_handler),
            &mut newer as *mut Seen as *mut c_void,
            Some(count_free),
            o,
        )
    });
    assert_ne!(older_id, newer_id);
    let note_loc = file_loc(&c, "v.py", 1, 1);
    let msg = "defined here";
    let notes = [omnir_diagnostic_note { location: note_loc, message: msg.as_ptr().cast(), message_len: msg.len() }];
    ok(emit(&c, omnir_severity::OMNIR_SEVERITY_ERROR, loc, "bad thing", &notes));
    // Newest first; the newer one declines, so the older one sees it too.
    assert_eq!(newer.messages, ["bad thing"]);
    assert_eq!(older.messages, ["bad thing"]);
    assert_eq!(older.severities, [omnir_severity::OMNIR_SEVERITY_ERROR]);
    assert_eq!(older.notes, ["defined here"]);
    assert_eq!(older.printed_locations, ["loc(\"v.py\":7:2)"]);
    assert_eq!(older.rendered, ["v.py:7:2: error: bad thing\nv.py:1:1: note: defined here"]);
    assert_eq!(older.busy_inside, [OMNIR_ERROR_BUSY]);
    // The newer one handles the next: the older one does not see it.
    newer.handled = true;
    ok(emit(&c, omnir_severity::OMNIR_SEVERITY_WARNING, loc, "careful", &[]));
    assert_eq!(newer.messages, ["bad thing", "careful"]);
    assert_eq!(newer.severities[1], omnir_severity::OMNIR_SEVERITY_WARNING);
    assert_eq!(older.messages.len(), 1);

    // Detach: the user data is freed once, and it sees nothing more.
    assert_eq!(FREED.load(Ordering::SeqCst), 0);
    ok(omnir_context_detach_diagnostic_handler(c.0, newer_id));
    assert_eq!(FREED.load(Ordering::SeqCst), 1);
    fails(omnir_context_detach_diagnostic_handler(c.0, newer_id), OMNIR_ERROR_INVALID_ARGUMENT);
    assert_eq!(FREED.load(Ordering::SeqCst), 1);
    ok(emit(&c, omnir_severity::OMNIR_SEVERITY_REMARK, loc, "third", &[]));
    assert_eq!(newer.messages.len(), 2);
    assert_eq!(older.messages.last().unwrap(), "third");

    // A handler may detach itself; its user data is freed after it returns.
    older.detach_self = Some(older_id);
    ok(emit(&c, omnir_severity::OMNIR_SEVERITY_NOTE, loc, "last", &[]));
    assert_eq!(FREED.load(Ordering::SeqCst), 2);
    fails(omnir_context_detach_diagnostic_handler(c.0, older_id), OMNIR_ERROR_INVALID_ARGUMENT);

    // A handler still attached when the context is destroyed is freed then.
    {
        let c2 = ctx();
        let mut seen = Seen { ctx: c2.0 as usize, ..Default::default() };
        let _: u64 = get(|o| {
            omnir_context_attach_diagnostic_handler(
                c2.0,
                Some(recording_handler),
                &mut seen as *mut Seen as *mut c_void,
                Some(count_free),
                o,
            )
        });
        // Another context's handler id is not this context's.
        fails(omnir_context_detach_diagnostic_handler(c.0, 0), OMNIR_ERROR_INVALID_ARGUMENT);
    }
    assert_eq!(FREED.load(Ordering::SeqCst), 3);

    // Misuse: nothing is attached, user data not taken.
    let mut id = 99u64;
    let mut dummy = Seen::default();
    let ud = &mut dummy as *mut Seen as *mut c_void;
    fails(omnir_context_attach_diagnostic_handler(c.0, None, ud, Some(count_free), &mut id), OMNIR_ERROR_NULL_ARGUMENT);
    fails(
        omnir_context_attach_diagnostic_handler(c.0, Some(recording_handler), ud, Some(count_free), null_mut()),
        OMNIR_ERROR_NULL_ARGUMENT,
    );
    fails(
        omnir_context_attach_diagnostic_handler(null_mut(), Some(recording_handler), ud, Some(count_free), &mut id),
        OMNIR_ERROR_NULL_ARGUMENT,
    );
    assert_eq!(id, 99);
    assert_eq!(FREED.load(Ordering::SeqCst), 3, "a failed attach does not free the caller's data");
    // emit misuse: bad severity, zeroed location, bad UTF-8, a note with a bad location.
    fails(omnir_context_emit_diagnostic(c.0, 4, loc, b"m".as_ptr().cast(), 1, null(), 0), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(
        emit(&c, omnir_severity::OMNIR_SEVERITY_ERROR, omnir_location::default(), "m", &[]),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    fails(omnir_context_emit_diagnostic(c.0, 2, loc, BAD_UTF8.as_ptr().cast(), 4, null(), 0), OMNIR_ERROR_INVALID_UTF8);
    let bad_note = [omnir_diagnostic_note { location: omnir_location::default(), message: null(), message_len: 0 }];
    fails(emit(&c, omnir_severity::OMNIR_SEVERITY_ERROR, loc, "m", &bad_note), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_context_emit_diagnostic(c.0, 2, loc, b"m".as_ptr().cast(), 1, null(), 1), OMNIR_ERROR_NULL_ARGUMENT);
}

#[test]
fn panicking_handler_is_contained() {
    let c = ctx();
    let loc = file_loc(&c, "p", 1, 1);
    // A capture attached first (older) still gets the diagnostic after the newer handler
    // unwinds.
    let cap: u64 = get(|o| omnir_context_begin_diagnostic_capture(c.0, o));
    let mut seen = Seen { ctx: c.0 as usize, panic: true, ..Default::default() };
    let id: u64 = get(|o| {
        omnir_context_attach_diagnostic_handler(
            c.0,
            Some(recording_handler),
            &mut seen as *mut Seen as *mut c_void,
            None,
            o,
        )
    });
    let msg = fails(emit(&c, omnir_severity::OMNIR_SEVERITY_ERROR, loc, "boom?", &[]), OMNIR_ERROR_CALLBACK_FAILED);
    assert!(msg.contains("handler exploded"), "{msg}");
    let list: *mut omnir_diagnostic_list = get(|o| omnir_context_end_diagnostic_capture(c.0, cap, o));
    assert_eq!(get(|o| omnir_diagnostic_list_get_size(list, o)), 1);
    ok(omnir_diagnostic_list_free(list));
    // The context is fully usable afterwards, on this thread too.
    seen.panic = false;
    seen.handled = true;
    ok(emit(&c, omnir_severity::OMNIR_SEVERITY_ERROR, loc, "fine", &[]));
    assert_eq!(seen.messages, ["fine"]);
    ok(omnir_context_detach_diagnostic_handler(c.0, id));
    let _ = parse_module(&c, "module {\n}");
}

/// A capture holds the diagnostics of its own thread's calls: another thread using the
/// context meanwhile (the context's lock lets it in between two calls of this one) keeps its
/// diagnostics, which go on to the older handlers.
#[test]
fn diagnostic_captures_are_per_thread() {
    let c = ctx();
    let loc = file_loc(&c, "t.mlir", 1, 1);
    let older: u64 = get(|o| omnir_context_begin_diagnostic_capture(c.0, o));
    let mine: u64 = get(|o| omnir_context_begin_diagnostic_capture(c.0, o));
    let raw = c.0 as usize;
    let other = std::thread::spawn(move || {
        let c = raw as *mut omnir_context;
        let msg = "passing by";
        ok(omnir_context_emit_diagnostic(c, 1, loc, msg.as_ptr().cast(), msg.len(), null(), 0));
        let own: u64 = get(|o| omnir_context_begin_diagnostic_capture(c, o));
        let msg = "other thread";
        ok(omnir_context_emit_diagnostic(c, 1, loc, msg.as_ptr().cast(), msg.len(), null(), 0));
        let list: *mut omnir_diagnostic_list = get(|o| omnir_context_end_diagnostic_capture(c, own, o));
        list as usize
    });
    let other_list = other.join().unwrap() as *mut omnir_diagnostic_list;
    ok(emit(&c, omnir_severity::OMNIR_SEVERITY_WARNING, loc, "this thread", &[]));
    let mine_list: *mut omnir_diagnostic_list = get(|o| omnir_context_end_diagnostic_capture(c.0, mine, o));
    let older_list: *mut omnir_diagnostic_list = get(|o| omnir_context_end_diagnostic_capture(c.0, older, o));
    let messages = |l: *const omnir_diagnostic_list| -> Vec<String> {
        let n: usize = get(|o| omnir_diagnostic_list_get_size(l, o));
        (0..n).map(|i| message_of(get(|o| omnir_diagnostic_list_get(l, i, o)))).collect()
    };
    assert_eq!(messages(other_list), ["other thread"]);
    assert_eq!(messages(mine_list), ["this thread"]);
    assert!(messages(older_list).is_empty());
    for l in [other_list, mine_list, older_list] {
        ok(omnir_diagnostic_list_free(l));
    }
}

#[test]
fn diagnostic_captures() {
    let c = ctx();
    let loc = file_loc(&c, "c.mlir", 2, 3);
    let outer: u64 = get(|o| omnir_context_begin_diagnostic_capture(c.0, o));
    ok(emit(&c, omnir_severity::OMNIR_SEVERITY_WARNING, loc, "one", &[]));
    let inner: u64 = get(|o| omnir_context_begin_diagnostic_capture(c.0, o));
    let nm = "see here";
    let notes = [omnir_diagnostic_note { location: loc, message: nm.as_ptr().cast(), message_len: nm.len() }];
    ok(emit(&c, omnir_severity::OMNIR_SEVERITY_ERROR, loc, "two", &notes));
    // Captures are ended by id; a capture id is not a handler id and vice versa.
    fails(omnir_context_detach_diagnostic_handler(c.0, inner), OMNIR_ERROR_INVALID_ARGUMENT);
    let mut list: *mut omnir_diagnostic_list = null_mut();
    fails(omnir_context_end_diagnostic_capture(c.0, 12345, &mut list), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_context_end_diagnostic_capture(c.0, inner, null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
    assert!(list.is_null());
    let inner_list: *mut omnir_diagnostic_list = get(|o| omnir_context_end_diagnostic_capture(c.0, inner, o));
    ok(emit(&c, omnir_severity::OMNIR_SEVERITY_REMARK, loc, "three", &[]));
    let outer_list: *mut omnir_diagnostic_list = get(|o| omnir_context_end_diagnostic_capture(c.0, outer, o));
    fails(omnir_context_end_diagnostic_capture(c.0, outer, &mut list), OMNIR_ERROR_INVALID_ARGUMENT);

    let messages = |l: *const omnir_diagnostic_list| -> Vec<String> {
        let n: usize = get(|o| omnir_diagnostic_list_get_size(l, o));
        (0..n).map(|i| message_of(get(|o| omnir_diagnostic_list_get(l, i, o)))).collect()
    };
    assert_eq!(messages(inner_list), ["two"]);
    assert_eq!(messages(outer_list), ["one", "three"]);
    let two: *const omnir_diagnostic = get(|o| omnir_diagnostic_list_get(inner_list, 0, o));
    assert_eq!(get(|o| omnir_diagnostic_get_severity(two, o)), omnir_severity::OMNIR_SEVERITY_ERROR);
    assert_eq!(get(|o| omnir_diagnostic_get_location(two, o)), loc);
    assert_eq!(get(|o| omnir_diagnostic_get_num_notes(two, o)), 1);
    let note: *const omnir_diagnostic = get(|o| omnir_diagnostic_get_note(two, 0, o));
    assert_eq!(message_of(note), "see here");
    assert_eq!(get(|o| omnir_diagnostic_get_severity(note, o)), omnir_severity::OMNIR_SEVERITY_NOTE);
    assert_eq!(get_str(|o| omnir_diagnostic_render(c.0, two, o)), "c.mlir:2:3: error: two\nc.mlir:2:3: note: see here");
    let mut p: *const omnir_diagnostic = null();
    fails(omnir_diagnostic_get_note(two, 1, &mut p), OMNIR_ERROR_OUT_OF_RANGE);
    fails(omnir_diagnostic_list_get(inner_list, 1, &mut p), OMNIR_ERROR_OUT_OF_RANGE);
    assert!(p.is_null());
    let mut sev = MaybeUninit::<omnir_severity>::uninit();
    fails(omnir_diagnostic_get_severity(null(), sev.as_mut_ptr()), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_diagnostic_get_message(two, null_mut(), &mut 0usize), OMNIR_ERROR_NULL_ARGUMENT);
    // Rendering needs the emitting context.
    let other = ctx();
    let mut s = omnir_string { data: null_mut(), len: 0 };
    fails(omnir_diagnostic_render(other.0, two, &mut s), OMNIR_ERROR_WRONG_CONTEXT);
    // Garbage pointers are refused by their magic (a pointer to something else).
    let not_a_diag = [0u64; 16];
    fails(
        omnir_diagnostic_get_num_notes(not_a_diag.as_ptr() as *const omnir_diagnostic, &mut 0usize),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    fails(
        omnir_diagnostic_list_get_size(not_a_diag.as_ptr() as *const omnir_diagnostic_list, &mut 0usize),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );
    ok(omnir_diagnostic_list_free(inner_list));
    ok(omnir_diagnostic_list_free(outer_list));
    ok(omnir_diagnostic_list_free(null_mut()));

    // A list outlives its context.
    let c3 = ctx();
    let cap: u64 = get(|o| omnir_context_begin_diagnostic_capture(c3.0, o));
    let l3 = file_loc(&c3, "z", 1, 1);
    ok(emit(&c3, omnir_severity::OMNIR_SEVERITY_ERROR, l3, "kept", &[]));
    let kept: *mut omnir_diagnostic_list = get(|o| omnir_context_end_diagnostic_capture(c3.0, cap, o));
    // A capture left running when its context is destroyed is simply dropped.
    let _: u64 = get(|o| omnir_context_begin_diagnostic_capture(c3.0, o));
    drop(c3);
    assert_eq!(messages(kept), ["kept"]);
    ok(omnir_diagnostic_list_free(kept));
}

// ---------------------------------------------------------------------------------------
// parsing and printing

#[test]
fn module_parse_and_print() {
    let c = ctx();
    ok(omnir_context_set_allow_unregistered_dialects(c.0, true));
    let src = "\"test.op\"() {a = 1 : i32} : () -> ()\n";
    let m = parse_module(&c, src);
    let text = print_op(&c, m);
    assert_eq!(text, "\"builtin.module\"() ({\n  \"test.op\"() {a = 1 : i32} : () -> ()\n}) : () -> ()\n");
    // Round trip: the printed text parses back to the same text.
    let m2 = parse_module(&c, &text);
    assert_eq!(print_op(&c, m2), text);
    // Flags.
    let mut flags = omnir_print_flags_default();
    assert!(!flags.generic_form && !flags.debug_info && flags.elide_elements_larger_than == 0);
    flags.debug_info = true;
    let with_locs = get_str(|o| omnir_op_print(c.0, m, &flags, o));
    assert!(with_locs.contains("loc(\"m.mlir\":1:1)"), "{with_locs}");
    let dense = "\"test.op\"() {d = dense<[1, 2, 3]> : tensor<3xi32>} : () -> ()";
    let m3 = parse_module(&c, dense);
    let mut elide = omnir_print_flags_default();
    elide.elide_elements_larger_than = 2;
    let elided = get_str(|o| omnir_op_print(c.0, m3, &elide, o));
    assert!(elided.contains("dense_resource<__elided__>"), "{elided}");
    // Ops without an assembly format print generic either way.
    let mut generic_on = omnir_print_flags_default();
    generic_on.generic_form = true;
    assert_eq!(get_str(|o| omnir_op_print(c.0, m, &generic_on, o)), text);
    let mut s = omnir_string { data: null_mut(), len: 0 };
    fails(omnir_op_print(c.0, omnir_op::default(), null(), &mut s), OMNIR_ERROR_INVALID_ARGUMENT);
    // A handle to erased IR is stale.
    let doomed = parse_module(&c, "");
    ok(omnir_op_erase(c.0, doomed, OMNIR_ERASE_REQUIRE_NO_USES));
    fails(omnir_op_print(c.0, doomed, null(), &mut s), OMNIR_ERROR_STALE_HANDLE);
    assert!(s.data.is_null());
    let forged = omnir_op { index: m.index + 1000, ..m };
    let st = omnir_op_print(c.0, forged, null(), &mut s);
    assert!(st == OMNIR_ERROR_STALE_HANDLE || st == OMNIR_ERROR_INVALID_ARGUMENT, "{st:?}");
    let other = ctx();
    fails(omnir_op_print(other.0, m, null(), &mut s), OMNIR_ERROR_WRONG_CONTEXT);
    fails(omnir_op_print(c.0, m, null(), null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
    // Dense resources round-trip through the file metadata section.
    let res = "\"test.op\"() {r = dense_resource<blob> : tensor<2xi8>} : () -> ()\n{-#\n  dialect_resources: {\n    builtin: {\n      blob: \"0x010000000102\"\n    }\n  }\n#-}\n";
    let m4 = parse_module(&c, res);
    assert!(get(|o| omnir_context_has_resource(c.0, b"builtin".as_ptr().cast(), 7, b"blob".as_ptr().cast(), 4, o)));
    assert!(print_op(&c, m4).contains("blob: \"0x010000000102\""), "{}", print_op(&c, m4));
}

#[test]
fn parse_errors_are_reported_and_change_nothing() {
    let c = ctx();
    let good = parse_module(&c, "");
    let before = print_op(&c, good);
    // Unregistered dialects are refused by default: a parse error.
    let src = "\"test.op\"() : () -> ()";
    let cap: u64 = get(|o| omnir_context_begin_diagnostic_capture(c.0, o));
    let mut m = omnir_op { context: 7, index: 7, generation: 7 };
    let f = "bad.mlir";
    let msg = fails(
        omnir_module_parse(c.0, src.as_ptr().cast(), src.len(), f.as_ptr().cast(), f.len(), &mut m),
        OMNIR_ERROR_PARSE_FAILED,
    );
    assert!(msg.starts_with("bad.mlir:1:10: error:"), "{msg}");
    assert!(msg.contains('^'), "rendered with a caret: {msg}");
    assert_eq!(m, omnir_op { context: 7, index: 7, generation: 7 }, "no output on error");
    // The same errors went to the handlers, located.
    let list: *mut omnir_diagnostic_list = get(|o| omnir_context_end_diagnostic_capture(c.0, cap, o));
    assert_eq!(get(|o| omnir_diagnostic_list_get_size(list, o)), 1);
    let d: *const omnir_diagnostic = get(|o| omnir_diagnostic_list_get(list, 0, o));
    let loc: omnir_location = get(|o| omnir_diagnostic_get_location(d, o));
    assert_eq!(lprint(&c, loc), "loc(\"bad.mlir\":1:10)");
    assert!(msg.contains(&message_of(d)), "{msg} / {}", message_of(d));
    ok(omnir_diagnostic_list_free(list));
    // Nothing else changed.
    assert_eq!(print_op(&c, good), before);

    // Syntax errors, with a capture so stderr stays quiet.
    let cap: u64 = get(|o| omnir_context_begin_diagnostic_capture(c.0, o));
    let broken = "\"test.op\"( : () -> ()";
    fails(
        omnir_module_parse(c.0, broken.as_ptr().cast(), broken.len(), f.as_ptr().cast(), f.len(), &mut m),
        OMNIR_ERROR_PARSE_FAILED,
    );
    let mut t = omnir_type::default();
    let msg = fails(omnir_type_parse(c.0, (b"tensor<4x".as_ptr()).cast(), 9, &mut t), OMNIR_ERROR_PARSE_FAILED);
    assert!(msg.contains("error:"), "{msg}");
    assert_eq!(t, omnir_type::default());
    let mut a = omnir_attribute::default();
    fails(omnir_attribute_parse(c.0, (b"[1, ".as_ptr()).cast(), 4, &mut a), OMNIR_ERROR_PARSE_FAILED);
    fails(omnir_type_parse(c.0, b"i32 i32".as_ptr().cast(), 7, &mut t), OMNIR_ERROR_PARSE_FAILED);
    let list: *mut omnir_diagnostic_list = get(|o| omnir_context_end_diagnostic_capture(c.0, cap, o));
    assert!(get(|o| omnir_diagnostic_list_get_size(list, o)) >= 4);
    ok(omnir_diagnostic_list_free(list));
    // Bad arguments.
    fails(
        omnir_module_parse(c.0, BAD_UTF8.as_ptr().cast(), 4, f.as_ptr().cast(), f.len(), &mut m),
        OMNIR_ERROR_INVALID_UTF8,
    );
    fails(
        omnir_module_parse(c.0, src.as_ptr().cast(), src.len(), BAD_UTF8.as_ptr().cast(), 4, &mut m),
        OMNIR_ERROR_INVALID_UTF8,
    );
    fails(omnir_module_parse(c.0, null(), 3, f.as_ptr().cast(), f.len(), &mut m), OMNIR_ERROR_NULL_ARGUMENT);
    let empty = "";
    fails(
        omnir_module_parse(c.0, empty.as_ptr().cast(), 0, f.as_ptr().cast(), f.len(), null_mut()),
        OMNIR_ERROR_NULL_ARGUMENT,
    );
    fails(
        omnir_module_parse(null_mut(), empty.as_ptr().cast(), 0, f.as_ptr().cast(), f.len(), &mut m),
        OMNIR_ERROR_NULL_ARGUMENT,
    );
    fails(omnir_type_parse(c.0, BAD_UTF8.as_ptr().cast(), 4, &mut t), OMNIR_ERROR_INVALID_UTF8);
    fails(omnir_attribute_parse(c.0, b"1".as_ptr().cast(), 1, null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
    assert_eq!(print_op(&c, good), before);
}

// ---------------------------------------------------------------------------------------
// the misuse matrix: handles of another context, zeroed and forged handles, NULL pointers

#[test]
fn misuse_matrix() {
    let c = ctx();
    let other = ctx();
    ok(omnir_context_set_allow_unregistered_dialects(c.0, true));
    let module = parse_module(&c, "\"test.op\"() {a = [1, \"x\"]} : () -> ()");
    let before = print_op(&c, module);

    let mine_t = f32t(&c);
    let mine_a = i64_attr(&c, 1);
    let mine_l = file_loc(&c, "f", 1, 1);
    let theirs_t = f32t(&other);
    let theirs_a = i64_attr(&other, 1);
    let theirs_l = file_loc(&other, "f", 1, 1);
    let zero_t = omnir_type::default();
    let zero_a = omnir_attribute::default();
    let zero_l = omnir_location::default();
    let forged_t = omnir_type { context: mine_t.context, id: 1_000_000 };
    let forged_a = omnir_attribute { context: mine_a.context, id: 1_000_000 };

    let mut t = omnir_type::default();
    let mut a = omnir_attribute::default();
    let mut l = omnir_location::default();
    let mut s = omnir_string { data: null_mut(), len: 0 };
    let mut b = false;
    let mut n = 0usize;
    let mut k = MaybeUninit::<omnir_type_kind>::uninit();
    let mut ak = MaybeUninit::<omnir_attribute_kind>::uninit();

    // Type queries: (handle, expected status).
    for (h, want) in [
        (theirs_t, OMNIR_ERROR_WRONG_CONTEXT),
        (zero_t, OMNIR_ERROR_INVALID_ARGUMENT),
        (forged_t, OMNIR_ERROR_INVALID_ARGUMENT),
    ] {
        fails(omnir_type_get_kind(c.0, h, k.as_mut_ptr()), want);
        fails(omnir_type_print(c.0, h, &mut s), want);
        fails(omnir_type_is_integer(c.0, h, &mut b), want);
        fails(omnir_type_get_element_type(c.0, h, &mut t), want);
        fails(omnir_shaped_type_get_rank(c.0, h, &mut n), want);
        fails(omnir_complex_type_get(c.0, h, &mut t), want);
        fails(omnir_type_attr_get(c.0, h, &mut a), want);
        fails(omnir_integer_attr_get(c.0, h, 1, &mut a), want);
        let hs = [mine_t, h];
        fails(omnir_tuple_type_get(c.0, hs.as_ptr(), 2, &mut t), want);
        fails(omnir_function_type_get(c.0, hs.as_ptr(), 1, hs.as_ptr(), 2, &mut t), want);
        fails(omnir_unranked_tensor_type_get(c.0, h, &mut t), want);
        if h != zero_t {
            // (A zeroed optional type means "none" and is accepted.)
            fails(omnir_string_attr_get(c.0, b"x".as_ptr().cast(), 1, h, &mut a), want);
        }
    }
    // Attribute queries.
    for (h, want) in [
        (theirs_a, OMNIR_ERROR_WRONG_CONTEXT),
        (zero_a, OMNIR_ERROR_INVALID_ARGUMENT),
        (forged_a, OMNIR_ERROR_INVALID_ARGUMENT),
    ] {
        fails(omnir_attribute_get_kind(c.0, h, ak.as_mut_ptr()), want);
        fails(omnir_attribute_print(c.0, h, &mut s), want);
        fails(omnir_attribute_get_type(c.0, h, &mut t), want);
        fails(omnir_array_attr_get_num_elements(c.0, h, &mut n), want);
        fails(omnir_attribute_to_location(c.0, h, &mut l), want);
        let hs = [mine_a, h];
        fails(omnir_array_attr_get(c.0, hs.as_ptr(), 2, &mut a), want);
        fails(omnir_distinct_attr_create(c.0, h, &mut a), want);
        if h != zero_a {
            let shape = [2i64];
            fails(omnir_ranked_tensor_type_get(c.0, shape.as_ptr(), 1, mine_t, h, &mut t), want);
            fails(omnir_fused_loc_get(c.0, &mine_l, 1, h, &mut l), want);
        }
    }
    // Location queries.
    for (h, want) in [(theirs_l, OMNIR_ERROR_WRONG_CONTEXT), (zero_l, OMNIR_ERROR_INVALID_ARGUMENT)] {
        fails(omnir_location_print(c.0, h, &mut s), want);
        let mut lk = MaybeUninit::<omnir_location_kind>::uninit();
        fails(omnir_location_get_kind(c.0, h, lk.as_mut_ptr()), want);
        fails(omnir_call_site_loc_get(c.0, mine_l, h, &mut l), want);
        fails(omnir_location_to_attribute(c.0, h, &mut a), want);
        fails(omnir_context_emit_diagnostic(c.0, 2, h, b"m".as_ptr().cast(), 1, null(), 0), want);
    }
    // NULL context and NULL outputs.
    fails(omnir_integer_type_get(null_mut(), 8, 0, &mut t), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_integer_type_get(c.0, 8, 0, null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_type_print(null(), mine_t, &mut s), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_type_print(c.0, mine_t, null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_attribute_print(c.0, mine_a, null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_unit_attr_get(null_mut(), &mut a), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_unknown_loc_get(c.0, null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_type_get_kind(c.0, mine_t, null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_context_begin_diagnostic_capture(c.0, null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_tuple_type_get(c.0, null(), 2, &mut t), OMNIR_ERROR_NULL_ARGUMENT);
    // A pointer that is not a live context is refused by its magic.
    let not_a_ctx = [0u64; 8];
    fails(omnir_index_type_get(not_a_ctx.as_ptr() as *mut omnir_context, &mut t), OMNIR_ERROR_INVALID_ARGUMENT);
    // Invalid UTF-8 wherever text is taken.
    fails(omnir_type_parse(c.0, BAD_UTF8.as_ptr().cast(), 4, &mut t), OMNIR_ERROR_INVALID_UTF8);
    fails(omnir_flat_symbol_ref_attr_get(c.0, BAD_UTF8.as_ptr().cast(), 4, &mut a), OMNIR_ERROR_INVALID_UTF8);
    fails(omnir_name_loc_get(c.0, BAD_UTF8.as_ptr().cast(), 4, zero_l, &mut l), OMNIR_ERROR_INVALID_UTF8);
    fails(omnir_dictionary_attr_lookup(c.0, mine_a, BAD_UTF8.as_ptr().cast(), 4, &mut a), OMNIR_ERROR_INVALID_UTF8);
    fails(omnir_dense_resource_attr_get(c.0, mine_t, BAD_UTF8.as_ptr().cast(), 4, &mut a), OMNIR_ERROR_INVALID_UTF8);
    // Wrong kinds.
    fails(omnir_integer_type_get_width(c.0, mine_t, &mut 0u32), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_array_attr_get_num_elements(c.0, mine_a, &mut n), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_dense_elements_attr_get_num_elements(c.0, mine_a, &mut n), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_dense_elements_attr_is_splat(c.0, mine_a, &mut b), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_strided_layout_attr_get_offset(c.0, mine_a, &mut 0i64), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_integer_set_attr_get_num_nodes(c.0, mine_a, &mut n), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_vector_type_is_dim_scalable(c.0, mine_t, 0, &mut b), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_opaque_type_get_dialect(c.0, mine_t, &mut s), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_integer_attr_get_int64(c.0, str_attr(&c, "x"), &mut 0i64), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_dense_elements_attr_get_element(c.0, mine_a, 0, &mut a), OMNIR_ERROR_INVALID_ARGUMENT);
    // Nothing above allocated an output or changed the IR.
    assert!(s.data.is_null());
    assert_eq!(print_op(&c, module), before);
}

#[test]
fn uniquing_is_safe_from_many_threads() {
    let c = ctx();
    let p = c.0 as usize;
    let handles: Vec<Vec<omnir_type>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(move || {
                    let ctx = p as *mut omnir_context;
                    (1..200u32)
                        .map(|w| {
                            let t: omnir_type = get(|o| omnir_integer_type_get(ctx, w, 0, o));
                            let shape = [w as i64];
                            get(|o| {
                                omnir_ranked_tensor_type_get(ctx, shape.as_ptr(), 1, t, omnir_attribute::default(), o)
                            })
                        })
                        .collect()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    for h in &handles[1..] {
        assert_eq!(h, &handles[0], "every thread gets the same handles");
    }
}
