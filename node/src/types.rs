//! Types: constructors and accessors behind `lib/types.js` (scratch layouts as in `ir.rs`;
//! a shape dimension is a float64, `-2**63` for MLIR's dynamic size).

use napi_derive::napi;
use omnir::{FloatKind, Signedness, TypeClass, TypeDef, FLOAT_CLASSES};

use crate::handles::*;
use crate::state::{invalid, rd, rdf, run_cx, run_value_cx, wr, wrf, write_list};

/// The class codes of types, in the order of [`type_class_names`].
fn class_code(c: TypeClass) -> u32 {
    match c {
        TypeClass::Integer => 0,
        TypeClass::Index => 1,
        TypeClass::Complex => 2,
        TypeClass::None => 3,
        TypeClass::Function => 4,
        TypeClass::Tuple => 5,
        TypeClass::Vector => 6,
        TypeClass::RankedTensor => 7,
        TypeClass::UnrankedTensor => 8,
        TypeClass::MemRef => 9,
        TypeClass::UnrankedMemRef => 10,
        TypeClass::Opaque => 11,
        TypeClass::Dialect => 12,
        TypeClass::Float(k) => 13 + FLOAT_CLASSES.iter().position(|(f, _, _)| *f == k).unwrap_or(0) as u32,
    }
}

/// The class names of the type class codes (`IntegerType`, ..., then one per float
/// format: `F16Type`, ...), as MLIR's Python bindings name them.
#[napi]
pub fn type_class_names() -> Vec<String> {
    let mut names: Vec<String> = [
        TypeClass::Integer,
        TypeClass::Index,
        TypeClass::Complex,
        TypeClass::None,
        TypeClass::Function,
        TypeClass::Tuple,
        TypeClass::Vector,
        TypeClass::RankedTensor,
        TypeClass::UnrankedTensor,
        TypeClass::MemRef,
        TypeClass::UnrankedMemRef,
        TypeClass::Opaque,
        TypeClass::Dialect,
    ]
    .iter()
    .map(|c| c.name().to_string())
    .collect();
    names.extend(FLOAT_CLASSES.iter().map(|(_, n, _)| n.to_string()));
    names
}

/// The TypeID names of the float formats, in class-code order (`builtin.f16`...).
#[napi]
pub fn float_type_id_names() -> Vec<String> {
    FLOAT_CLASSES.iter().map(|(_, _, n)| n.to_string()).collect()
}

fn put_type(t: omnir::Result<omnir::Type>) -> omnir::Result<()> {
    wr(0, type_id(&t?));
    Ok(())
}

fn dims(at: usize, rank: usize) -> Vec<i64> {
    (0..rank).map(|k| rdf(at + 2 * k) as i64).collect()
}

/// in: ctx, width (1), signedness (2: 0 signless, 1 signed, 2 unsigned) / out: type (0).
#[napi]
pub fn type_integer() -> u32 {
    run_cx(|ctx| {
        let s = match rd(2) {
            1 => Signedness::Signed,
            2 => Signedness::Unsigned,
            _ => Signedness::Signless,
        };
        put_type(ctx.integer_type_with(rd(1), s))
    })
}

/// in: ctx / out: `index` (0).
#[napi]
pub fn type_index() -> u32 {
    run_cx(|ctx| put_type(ctx.index_type()))
}

/// in: ctx / out: `none` (0).
#[napi]
pub fn type_none() -> u32 {
    run_cx(|ctx| put_type(ctx.none_type()))
}

/// in: ctx, float format (1: its position in the float classes) / out: type (0).
#[napi]
pub fn type_float() -> u32 {
    run_cx(|ctx| {
        let kind: FloatKind =
            FLOAT_CLASSES.get(rd(1) as usize).map(|(k, _, _)| *k).ok_or_else(|| invalid("unknown float format"))?;
        put_type(ctx.float_type(kind))
    })
}

/// in: ctx, element (1) / out: `complex<element>` (0).
#[napi]
pub fn type_complex() -> u32 {
    run_cx(|ctx| put_type(ctx.complex_type(&type_at(ctx, 1))))
}

/// in: ctx, #inputs (1), #results (2), types from 3 / out: function type (0).
#[napi]
pub fn type_function() -> u32 {
    run_cx(|ctx| {
        let (ni, nr) = (rd(1) as usize, rd(2) as usize);
        let ins: Vec<_> = (0..ni).map(|k| type_at(ctx, 3 + k)).collect();
        let outs: Vec<_> = (0..nr).map(|k| type_at(ctx, 3 + ni + k)).collect();
        put_type(ctx.function_type(&ins, &outs))
    })
}

/// in: ctx, n (1), types from 2 / out: tuple type (0).
#[napi]
pub fn type_tuple() -> u32 {
    run_cx(|ctx| {
        let elems: Vec<_> = (0..rd(1) as usize).map(|k| type_at(ctx, 2 + k)).collect();
        put_type(ctx.tuple_type(&elems))
    })
}

/// in: ctx, rank (1), element (2), scalable flags given (3), dims (float64) from 4, then
/// `rank` scalable flags / out: vector type (0).
#[napi]
pub fn type_vector() -> u32 {
    run_cx(|ctx| {
        let rank = rd(1) as usize;
        let shape = dims(4, rank);
        let elem = type_at(ctx, 2);
        if rd(3) != 0 {
            let flags: Vec<bool> = (0..rank).map(|k| rd(4 + 2 * rank + k) != 0).collect();
            put_type(ctx.vector_type_scalable(&shape, &flags, &elem))
        } else {
            put_type(ctx.vector_type(&shape, &elem))
        }
    })
}

/// in: ctx, rank (1), element (2), encoding (3), dims from 4 / out: tensor type (0).
#[napi]
pub fn type_ranked_tensor() -> u32 {
    run_cx(|ctx| {
        let shape = dims(4, rd(1) as usize);
        let enc = opt_attr_at(ctx, 3);
        put_type(ctx.ranked_tensor_type(&shape, &type_at(ctx, 2), enc.as_ref()))
    })
}

/// in: ctx, element (1) / out: `tensor<*xelement>` (0).
#[napi]
pub fn type_unranked_tensor() -> u32 {
    run_cx(|ctx| put_type(ctx.unranked_tensor_type(&type_at(ctx, 1))))
}

/// in: ctx, rank (1), element (2), layout (3), memory space (4), dims from 6 / out: type (0).
#[napi]
pub fn type_memref() -> u32 {
    run_cx(|ctx| {
        let shape = dims(6, rd(1) as usize);
        let layout = opt_attr_at(ctx, 3);
        let space = opt_attr_at(ctx, 4);
        put_type(ctx.memref_type(&shape, &type_at(ctx, 2), layout.as_ref(), space.as_ref()))
    })
}

/// in: ctx, element (1), memory space (2) / out: `memref<*xelement>` (0).
#[napi]
pub fn type_unranked_memref() -> u32 {
    run_cx(|ctx| {
        let space = opt_attr_at(ctx, 2);
        put_type(ctx.unranked_memref_type(&type_at(ctx, 1), space.as_ref()))
    })
}

/// in: ctx / out: `!dialect.data` (0).
#[napi]
pub fn type_opaque(dialect: String, data: String) -> u32 {
    run_cx(|ctx| put_type(ctx.opaque_type(&dialect, &data)))
}

/// in: ctx / out: the parsed type (0). A failure keeps the error diagnostics (MLIRError).
#[napi]
pub fn type_parse(text: String) -> u32 {
    match crate::state::with_cx(|ctx| Ok(ctx.with_diagnostics(|| ctx.parse_type(&text)))) {
        Ok(Ok(t)) => {
            wr(0, type_id(&t));
            0
        }
        Ok(Err(d)) => crate::state::fail_with(d.error, d.diagnostics),
        Err(e) => crate::state::fail(e),
    }
}

/// in: ctx, type definition (1), #params (2), params from 3 / out: type (0).
#[napi]
pub fn type_dialect() -> u32 {
    run_cx(|ctx| {
        let params: Vec<_> = (0..rd(2) as usize).map(|k| attr_at(ctx, 3 + k)).collect();
        put_type(ctx.dialect_type(TypeDef(rd(1)), &params))
    })
}

/// in: ctx, #params (1), params from 2 / out: the type `!name<params>` (0) of a registered
/// kind (a shipped dialect's kind loads its dialect): what generated type classes build
/// with. A failed parameters check keeps its diagnostics (MLIRError).
#[napi]
pub fn type_dialect_named(name: String) -> u32 {
    let made = crate::state::with_cx(|ctx| {
        let params: Vec<_> = (0..rd(1) as usize).map(|k| attr_at(ctx, 2 + k)).collect();
        Ok(ctx.with_diagnostics(|| ctx.dialect_type_named(&name, &params)))
    });
    match made {
        Ok(Ok(t)) => {
            wr(0, type_id(&t));
            0
        }
        Ok(Err(d)) => crate::state::fail_with(d.error, d.diagnostics),
        Err(e) => crate::state::fail(e),
    }
}

/// in: ctx, type (1) / out: class code (0).
#[napi]
pub fn type_class() -> u32 {
    run_cx(|ctx| {
        let c = type_at(ctx, 1).class()?;
        wr(0, class_code(c));
        Ok(())
    })
}

/// in: ctx, type (1) / returns its text.
#[napi]
pub fn type_print() -> Option<String> {
    run_value_cx(|ctx| type_at(ctx, 1).print())
}

/// in: ctx, type (1) / out: width (0), signedness (1).
#[napi]
pub fn type_integer_info() -> u32 {
    run_cx(|ctx| {
        let t = type_at(ctx, 1);
        wr(0, t.integer_width()?);
        wr(
            1,
            match t.signedness()? {
                Signedness::Signless => 0,
                Signedness::Signed => 1,
                Signedness::Unsigned => 2,
            },
        );
        Ok(())
    })
}

/// in: ctx, type (1) / out: bit width of an integer or float type (0).
#[napi]
pub fn type_bit_width() -> u32 {
    run_cx(|ctx| {
        wr(0, type_at(ctx, 1).int_or_float_bit_width()?);
        Ok(())
    })
}

/// in: ctx, type (1) / out: element type of a shaped or complex type (0).
#[napi]
pub fn type_element_type() -> u32 {
    run_cx(|ctx| put_type(type_at(ctx, 1).element_type()))
}

/// in: ctx, type (1) / out: ranked (0), rank (1), dims (float64) from 2.
#[napi]
pub fn type_shape() -> u32 {
    run_cx(|ctx| {
        let shape = type_at(ctx, 1).shape()?;
        match shape {
            None => wr(0, 0),
            Some(s) => {
                if 2 + 2 * s.len() >= crate::state::scratch_len() {
                    return Err(invalid("shape too large for the scratch"));
                }
                wr(0, 1);
                wr(1, s.len() as u32);
                for (k, d) in s.iter().enumerate() {
                    wrf(2 + 2 * k, *d as f64);
                }
            }
        }
        Ok(())
    })
}

/// in: ctx, type (1) / out: number of elements (float64 at 0).
#[napi]
pub fn type_num_elements() -> u32 {
    run_cx(|ctx| {
        let n = type_at(ctx, 1).num_elements()?;
        wrf(0, n as f64);
        Ok(())
    })
}

/// in: ctx, type (1) / out: list of scalable flags of a vector type.
#[napi]
pub fn type_scalable_dims() -> u32 {
    run_cx(|ctx| {
        let t = type_at(ctx, 1);
        let rank = t.shape()?.map(|s| s.len()).unwrap_or(0);
        let flags = (0..rank).map(|k| t.is_dim_scalable(k).map(|b| b as u32)).collect::<omnir::Result<Vec<_>>>()?;
        write_list(flags, rank);
        Ok(())
    })
}

/// in: ctx, type (1) / out: #inputs (0), #results (1), the types from 2.
#[napi]
pub fn type_function_signature() -> u32 {
    run_cx(|ctx| {
        let t = type_at(ctx, 1);
        let (ins, outs) = (t.inputs()?, t.results()?);
        if 2 + ins.len() + outs.len() >= crate::state::scratch_len() {
            return Err(invalid("function type too large for the scratch"));
        }
        wr(0, ins.len() as u32);
        wr(1, outs.len() as u32);
        for (k, x) in ins.iter().chain(outs.iter()).enumerate() {
            wr(2 + k, type_id(x));
        }
        Ok(())
    })
}

/// in: ctx, type (1) / out: list of element types of a tuple.
#[napi]
pub fn type_tuple_elements() -> u32 {
    run_cx(|ctx| {
        let elems = type_at(ctx, 1).tuple_elements()?;
        let n = elems.len();
        write_list(elems.iter().map(type_id).collect(), n);
        Ok(())
    })
}

/// in: ctx, type (1) / out: encoding of a ranked tensor (0) or 0.
#[napi]
pub fn type_encoding() -> u32 {
    run_cx(|ctx| {
        wr(0, opt_attr_id(type_at(ctx, 1).encoding()?));
        Ok(())
    })
}

/// in: ctx, type (1) / out: layout (0) and memory space (1) of a memref (0 when default).
#[napi]
pub fn type_memref_info() -> u32 {
    run_cx(|ctx| {
        let t = type_at(ctx, 1);
        let space = opt_attr_id(t.memref_memory_space()?);
        let layout = match t.kind()? {
            omnir::TypeKind::MemRef => opt_attr_id(t.memref_layout()?),
            _ => 0,
        };
        wr(0, layout);
        wr(1, space);
        Ok(())
    })
}

/// in: ctx, type (1) / returns [dialect, data] of an opaque type.
#[napi]
pub fn type_opaque_info() -> Option<Vec<String>> {
    run_value_cx(|ctx| {
        let t = type_at(ctx, 1);
        Ok(vec![t.opaque_dialect()?, t.opaque_data()?])
    })
}

/// in: ctx, type (1) / out: definition (0), then the list of parameters from word 1 (count
/// at 1, items from 2).
#[napi]
pub fn type_dialect_info() -> u32 {
    run_cx(|ctx| {
        let t = type_at(ctx, 1);
        let def = t.dialect_def()?;
        let params = t.dialect_params()?;
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

/// in: ctx, type (1) / out: TypeID (0).
#[napi]
pub fn type_type_id() -> u32 {
    run_cx(|ctx| {
        wr(0, type_at(ctx, 1).type_id()?.0);
        Ok(())
    })
}

/// in: ctx, type (1), interface TypeID (2) / out: implements (0).
#[napi]
pub fn type_implements() -> u32 {
    run_cx(|ctx| {
        let r = type_at(ctx, 1).implements(omnir::TypeId(rd(2)))?;
        wr(0, r as u32);
        Ok(())
    })
}
