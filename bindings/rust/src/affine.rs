//! Affine expressions, affine-map and integer-set attributes.
//!
//! The C API passes affine expressions as flat post-order node lists
//! (`omnir_affine_node`); this crate gives them as trees ([`AffineExpr`]) and converts both
//! ways without recursion, so deep expressions cannot overflow the stack while converting.

use std::fmt;
use std::ops::{Add, Mul};

use omnir_sys as sys;

use crate::error::{out, Error, Result, Status};
use crate::{Attribute, Context};

/// An affine expression (MLIR's `AffineExpr`), as a tree.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineExpr {
    /// `d<n>`.
    Dim(u32),
    /// `s<n>`.
    Symbol(u32),
    /// A constant.
    Constant(i64),
    /// `lhs + rhs`.
    Add(Box<AffineExpr>, Box<AffineExpr>),
    /// `lhs * rhs`.
    Mul(Box<AffineExpr>, Box<AffineExpr>),
    /// `lhs mod rhs`.
    Mod(Box<AffineExpr>, Box<AffineExpr>),
    /// `lhs floordiv rhs`.
    FloorDiv(Box<AffineExpr>, Box<AffineExpr>),
    /// `lhs ceildiv rhs`.
    CeilDiv(Box<AffineExpr>, Box<AffineExpr>),
}

impl AffineExpr {
    /// `d<position>`.
    pub fn dim(position: u32) -> AffineExpr {
        AffineExpr::Dim(position)
    }

    /// `s<position>`.
    pub fn symbol(position: u32) -> AffineExpr {
        AffineExpr::Symbol(position)
    }

    /// A constant.
    pub fn constant(value: i64) -> AffineExpr {
        AffineExpr::Constant(value)
    }

    /// `self mod rhs`.
    pub fn modulo(self, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::Mod(Box::new(self), Box::new(rhs))
    }

    /// `self floordiv rhs`.
    pub fn floor_div(self, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::FloorDiv(Box::new(self), Box::new(rhs))
    }

    /// `self ceildiv rhs`.
    pub fn ceil_div(self, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::CeilDiv(Box::new(self), Box::new(rhs))
    }

    fn operands(&self) -> Option<(&AffineExpr, &AffineExpr)> {
        match self {
            AffineExpr::Add(l, r)
            | AffineExpr::Mul(l, r)
            | AffineExpr::Mod(l, r)
            | AffineExpr::FloorDiv(l, r)
            | AffineExpr::CeilDiv(l, r) => Some((l, r)),
            _ => None,
        }
    }
}

impl Add for AffineExpr {
    type Output = AffineExpr;
    fn add(self, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::Add(Box::new(self), Box::new(rhs))
    }
}

impl Mul for AffineExpr {
    type Output = AffineExpr;
    fn mul(self, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::Mul(Box::new(self), Box::new(rhs))
    }
}

impl fmt::Display for AffineExpr {
    /// A fully parenthesized form (`(d0 + (s0 * 2))`), for messages; the attribute prints
    /// MLIR's own form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = match self {
            AffineExpr::Dim(n) => return write!(f, "d{n}"),
            AffineExpr::Symbol(n) => return write!(f, "s{n}"),
            AffineExpr::Constant(c) => return write!(f, "{c}"),
            AffineExpr::Add(..) => "+",
            AffineExpr::Mul(..) => "*",
            AffineExpr::Mod(..) => "mod",
            AffineExpr::FloorDiv(..) => "floordiv",
            AffineExpr::CeilDiv(..) => "ceildiv",
        };
        let (l, r) = self.operands().expect("a binary expression");
        write!(f, "({l} {op} {r})")
    }
}

/// One constraint of an integer set: `expr == 0` when `is_equality`, else `expr >= 0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineConstraint {
    pub expr: AffineExpr,
    pub is_equality: bool,
}

impl AffineConstraint {
    /// `expr == 0`.
    pub fn eq_zero(expr: AffineExpr) -> AffineConstraint {
        AffineConstraint { expr, is_equality: true }
    }

    /// `expr >= 0`.
    pub fn ge_zero(expr: AffineExpr) -> AffineConstraint {
        AffineConstraint { expr, is_equality: false }
    }
}

/// Appends `expr` to `nodes` in post-order (left operand first) and returns its root index.
fn flatten(expr: &AffineExpr, nodes: &mut Vec<sys::omnir_affine_node>) -> Result<u32> {
    use sys::omnir_affine_node_kind::*;
    let index = |n: usize| {
        u32::try_from(n).map_err(|_| Error::new(Status::InvalidArgument, "too many affine expression nodes"))
    };
    // An explicit stack: (expression, whether its operands are already emitted).
    let mut stack: Vec<(&AffineExpr, bool)> = vec![(expr, false)];
    // Root indices of emitted subtrees, waiting for their parent.
    let mut done: Vec<u32> = Vec::new();
    while let Some((e, expanded)) = stack.pop() {
        let mut node = sys::omnir_affine_node::default();
        match e {
            AffineExpr::Dim(n) => {
                node.kind = OMNIR_AFFINE_NODE_DIM as u32;
                node.value = i64::from(*n);
            }
            AffineExpr::Symbol(n) => {
                node.kind = OMNIR_AFFINE_NODE_SYMBOL as u32;
                node.value = i64::from(*n);
            }
            AffineExpr::Constant(c) => {
                node.kind = OMNIR_AFFINE_NODE_CONSTANT as u32;
                node.value = *c;
            }
            _ => {
                let (l, r) = e.operands().expect("a binary expression");
                if !expanded {
                    stack.push((e, true));
                    stack.push((r, false));
                    stack.push((l, false));
                    continue;
                }
                node.kind = match e {
                    AffineExpr::Add(..) => OMNIR_AFFINE_NODE_ADD,
                    AffineExpr::Mul(..) => OMNIR_AFFINE_NODE_MUL,
                    AffineExpr::Mod(..) => OMNIR_AFFINE_NODE_MOD,
                    AffineExpr::FloorDiv(..) => OMNIR_AFFINE_NODE_FLOORDIV,
                    _ => OMNIR_AFFINE_NODE_CEILDIV,
                } as u32;
                node.rhs = done.pop().expect("the right operand was emitted");
                node.lhs = done.pop().expect("the left operand was emitted");
            }
        }
        done.push(index(nodes.len())?);
        nodes.push(node);
    }
    Ok(done.pop().expect("the root was emitted"))
}

/// Rebuilds the trees rooted at `roots` from a canonical post-order node list (each node
/// used by at most one parent or root, as omnir stores them).
fn unflatten(nodes: &[sys::omnir_affine_node], roots: &[u32]) -> Result<Vec<AffineExpr>> {
    use sys::omnir_affine_node_kind::*;
    let bad = || Error::new(Status::Internal, "malformed affine expression nodes from omnir");
    let mut built: Vec<Option<AffineExpr>> = Vec::with_capacity(nodes.len());
    for n in nodes {
        let pos = || u32::try_from(n.value).map_err(|_| bad());
        let mut take = |i: u32| built.get_mut(i as usize).and_then(Option::take).map(Box::new).ok_or_else(bad);
        let e = match n.kind {
            k if k == OMNIR_AFFINE_NODE_DIM as u32 => AffineExpr::Dim(pos()?),
            k if k == OMNIR_AFFINE_NODE_SYMBOL as u32 => AffineExpr::Symbol(pos()?),
            k if k == OMNIR_AFFINE_NODE_CONSTANT as u32 => AffineExpr::Constant(n.value),
            k => {
                let (l, r) = (take(n.lhs)?, take(n.rhs)?);
                match k {
                    k if k == OMNIR_AFFINE_NODE_ADD as u32 => AffineExpr::Add(l, r),
                    k if k == OMNIR_AFFINE_NODE_MUL as u32 => AffineExpr::Mul(l, r),
                    k if k == OMNIR_AFFINE_NODE_MOD as u32 => AffineExpr::Mod(l, r),
                    k if k == OMNIR_AFFINE_NODE_FLOORDIV as u32 => AffineExpr::FloorDiv(l, r),
                    k if k == OMNIR_AFFINE_NODE_CEILDIV as u32 => AffineExpr::CeilDiv(l, r),
                    _ => return Err(bad()),
                }
            }
        };
        built.push(Some(e));
    }
    roots.iter().map(|&r| built.get_mut(r as usize).and_then(Option::take).ok_or_else(bad)).collect()
}

impl Context {
    /// The affine map `(d0, ...)[s0, ...] -> (results)` as an attribute (omnir stores the
    /// canonical form, so equal maps are equal attributes).
    pub fn affine_map_attr(&self, num_dims: u32, num_symbols: u32, results: &[AffineExpr]) -> Result<Attribute> {
        let mut nodes = Vec::new();
        let roots = results.iter().map(|e| flatten(e, &mut nodes)).collect::<Result<Vec<u32>>>()?;
        // SAFETY: live context; arrays of `len` elements that outlive the call; valid
        // out-pointer.
        let raw = out(|o| unsafe {
            sys::omnir_affine_map_attr_get(
                self.as_raw(),
                num_dims,
                num_symbols,
                nodes.as_ptr(),
                nodes.len(),
                roots.as_ptr(),
                roots.len(),
                o,
            )
        })?;
        Ok(Attribute { ctx: self.clone(), raw })
    }

    /// The integer set `(d0, ...)[s0, ...] : (constraints)` as an attribute.
    pub fn integer_set_attr(
        &self,
        num_dims: u32,
        num_symbols: u32,
        constraints: &[AffineConstraint],
    ) -> Result<Attribute> {
        let mut nodes = Vec::new();
        let cs = constraints
            .iter()
            .map(|c| {
                Ok(sys::omnir_affine_constraint { root: flatten(&c.expr, &mut nodes)?, is_equality: c.is_equality })
            })
            .collect::<Result<Vec<_>>>()?;
        // SAFETY: as for `affine_map_attr`.
        let raw = out(|o| unsafe {
            sys::omnir_integer_set_attr_get(
                self.as_raw(),
                num_dims,
                num_symbols,
                nodes.as_ptr(),
                nodes.len(),
                cs.as_ptr(),
                cs.len(),
                o,
            )
        })?;
        Ok(Attribute { ctx: self.clone(), raw })
    }
}

impl Attribute {
    /// The result expressions of an affine map attribute.
    pub fn affine_map_results(&self) -> Result<Vec<AffineExpr>> {
        // SAFETY: live context, plain handle, valid out-pointers (same for every call below).
        let n: usize = out(|p| unsafe { sys::omnir_affine_map_attr_get_num_nodes(self.cx(), self.raw, p) })?;
        let nodes = (0..n)
            .map(|i| out(|p| unsafe { sys::omnir_affine_map_attr_get_node(self.cx(), self.raw, i, p) }))
            .collect::<Result<Vec<_>>>()?;
        let roots = (0..self.affine_map_num_results()?)
            .map(|i| out(|p| unsafe { sys::omnir_affine_map_attr_get_result(self.cx(), self.raw, i, p) }))
            .collect::<Result<Vec<u32>>>()?;
        unflatten(&nodes, &roots)
    }

    /// The dimension count of an integer set attribute.
    pub fn integer_set_num_dims(&self) -> Result<u32> {
        out(|p| unsafe { sys::omnir_integer_set_attr_get_num_dims(self.cx(), self.raw, p) })
    }

    /// The symbol count of an integer set attribute.
    pub fn integer_set_num_symbols(&self) -> Result<u32> {
        out(|p| unsafe { sys::omnir_integer_set_attr_get_num_symbols(self.cx(), self.raw, p) })
    }

    /// The constraints of an integer set attribute.
    pub fn integer_set_constraints(&self) -> Result<Vec<AffineConstraint>> {
        let n: usize = out(|p| unsafe { sys::omnir_integer_set_attr_get_num_nodes(self.cx(), self.raw, p) })?;
        let nodes = (0..n)
            .map(|i| out(|p| unsafe { sys::omnir_integer_set_attr_get_node(self.cx(), self.raw, i, p) }))
            .collect::<Result<Vec<_>>>()?;
        let c: usize = out(|p| unsafe { sys::omnir_integer_set_attr_get_num_constraints(self.cx(), self.raw, p) })?;
        let cs = (0..c)
            .map(|i| {
                out(|p: *mut sys::omnir_affine_constraint| unsafe {
                    sys::omnir_integer_set_attr_get_constraint(self.cx(), self.raw, i, p)
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let roots: Vec<u32> = cs.iter().map(|c| c.root).collect();
        Ok(unflatten(&nodes, &roots)?
            .into_iter()
            .zip(&cs)
            .map(|(expr, c)| AffineConstraint { expr, is_equality: c.is_equality })
            .collect())
    }
}
