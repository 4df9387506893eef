//! `affine_map<...>` and `affine_set<...>`, following MLIR's `AffineParser.cpp`: the same
//! grammar, precedences and messages, but an explicit operator stack (no recursion). The
//! expressions are simplified as MLIR's `AffineExpr` operators build them
//! ([`ExprBuilder`]): `-e` is `e * -1`, `a - e` is `a + e * -1`, `1 + d0` is `d0 + 1`,
//! `s0 - d0` is `-d0 + s0`, `d0 * 2 + d0` is `d0 * 3`.

use rustc_hash::FxHashMap;

use super::base::{Core, Fail, PResult};
use super::lexer::Tok;
use crate::affine::{AffineBinaryOp, AffineMap, AffineNode, ExprBuilder, IntegerSet};
use crate::attrs::Attribute;
use crate::context::Context;

#[derive(Copy, Clone, Debug)]
enum Op {
    Paren,
    Neg { pos: u32 },
    Add,
    Sub,
    High { op: AffineBinaryOp, pos: u32 },
}

/// A name's meaning in the map being read.
#[derive(Copy, Clone, Debug)]
enum Node {
    Dim(u32),
    Sym(u32),
}

/// The expressions read so far, simplified as they are built (as MLIR's `AffineExpr`
/// operators simplify).
struct Expr {
    b: ExprBuilder,
}

impl Expr {
    fn leaf(&mut self, n: Node) -> u32 {
        match n {
            Node::Dim(d) => self.b.dim(d),
            Node::Sym(s) => self.b.symbol(s),
        }
    }

    fn constant(&mut self, c: i64) -> u32 {
        self.b.constant(c)
    }

    fn symbolic(&self, x: u32) -> bool {
        self.b.is_symbolic_or_constant(x)
    }

    fn negate(&mut self, x: u32) -> u32 {
        self.b.negate(x)
    }

    fn add(&mut self, a: u32, b: u32) -> u32 {
        self.b.add(a, b)
    }

    fn sub(&mut self, a: u32, b: u32) -> u32 {
        self.b.sub(a, b)
    }

    fn flatten(&self, root: u32, out: &mut Vec<AffineNode>) -> u32 {
        self.b.flatten(root, out)
    }
}

impl<'a> Core<'a> {
    /// `affine_map<...>` or `affine_set<...>`, at the keyword.
    pub fn parse_affine_attr(&mut self, ctx: &Context) -> PResult<Attribute> {
        let is_map = self.text() == "affine_map";
        self.bump()?;
        self.expect(Tok::Less, if is_map { "expected '<' in affine map" } else { "expected '<' in integer set" })?;
        let start = self.tok().start;
        let mut names: FxHashMap<&'a str, Node> = FxHashMap::default();
        let num_dims = self.parse_id_list(&mut names, true)?;
        let num_symbols = if self.at(Tok::LSquare) { self.parse_id_list(&mut names, false)? } else { 0 };
        let mut e = Expr { b: ExprBuilder::default() };
        let attr = if self.eat(Tok::Arrow)? {
            let mut roots = Vec::new();
            self.expect(Tok::LParen, "expected '(' in affine map range")?;
            if !self.eat(Tok::RParen)? {
                loop {
                    roots.push(self.parse_affine_expr(&names, &mut e)?);
                    if !self.eat(Tok::Comma)? {
                        break;
                    }
                }
                self.expect(Tok::RParen, "expected ')' in affine map range")?;
            }
            if !is_map {
                return Err(self.error_at(start, "expected IntegerSet, but got AffineMap"));
            }
            let mut nodes = Vec::new();
            let results: Vec<u32> = roots.iter().map(|&r| e.flatten(r, &mut nodes)).collect();
            let map = AffineMap { num_dims, num_symbols, nodes: nodes.into(), results: results.into() };
            ctx.affine_map_attr(map).map_err(|err| self.error_at(start, err.message))?
        } else {
            if !self.at(Tok::Colon) {
                return Err(self.wrong_token("expected '->' or ':'"));
            }
            self.bump()?;
            let mut cons: Vec<(u32, bool)> = Vec::new();
            self.expect(Tok::LParen, "expected '(' in integer set constraint list")?;
            if !self.eat(Tok::RParen)? {
                loop {
                    cons.push(self.parse_affine_constraint(&names, &mut e)?);
                    if !self.eat(Tok::Comma)? {
                        break;
                    }
                }
                self.expect(Tok::RParen, "expected ')' in integer set constraint list")?;
            }
            if is_map {
                return Err(self.error_at(start, "expected AffineMap, but got IntegerSet"));
            }
            if cons.is_empty() {
                // The degenerate `true` set: 0 == 0.
                let z = e.constant(0);
                cons.push((z, true));
            }
            let mut nodes = Vec::new();
            let constraints: Vec<(u32, bool)> = cons.iter().map(|&(r, eq)| (e.flatten(r, &mut nodes), eq)).collect();
            let set = IntegerSet { num_dims, num_symbols, nodes: nodes.into(), constraints: constraints.into() };
            ctx.integer_set_attr(set).map_err(|err| self.error_at(start, err.message))?
        };
        self.expect(Tok::Greater, if is_map { "expected '>' in affine map" } else { "expected '>' in integer set" })?;
        Ok(attr)
    }

    fn is_affine_ident(&self) -> bool {
        matches!(self.tok().kind, Tok::BareIdent | Tok::IntType)
    }

    /// `(d0, d1)` or `[s0, s1]`: defines the names; returns how many.
    fn parse_id_list(&mut self, names: &mut FxHashMap<&'a str, Node>, dims: bool) -> PResult<u32> {
        let (open, close, ctx_msg) = if dims {
            (Tok::LParen, Tok::RParen, " in dimensional identifier list")
        } else {
            (Tok::LSquare, Tok::RSquare, " in symbol list")
        };
        self.expect(open, &format!("expected '{}'{ctx_msg}", open.spelling()))?;
        let mut n = 0u32;
        if self.eat(close)? {
            return Ok(0);
        }
        loop {
            if !self.is_affine_ident() {
                return Err(self.wrong_token("expected bare identifier"));
            }
            let name = self.text();
            if names.contains_key(name) {
                return Err(self.error_here(format!("redefinition of identifier '{name}'")));
            }
            names.insert(name, if dims { Node::Dim(n) } else { Node::Sym(n) });
            n += 1;
            self.bump()?;
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        self.expect(close, &format!("expected '{}'{ctx_msg}", close.spelling()))?;
        Ok(n)
    }

    /// `e >= e`, `e <= e` or `e == e`, normalized to `expr >= 0` / `expr == 0`.
    fn parse_affine_constraint(&mut self, names: &FxHashMap<&'a str, Node>, e: &mut Expr) -> PResult<(u32, bool)> {
        let lhs = self.parse_affine_expr(names, e)?;
        if self.eat(Tok::Greater)? && self.eat(Tok::Equal)? {
            let rhs = self.parse_affine_expr(names, e)?;
            return Ok((e.sub(lhs, rhs), false));
        }
        if self.eat(Tok::Less)? && self.eat(Tok::Equal)? {
            let rhs = self.parse_affine_expr(names, e)?;
            return Ok((e.sub(rhs, lhs), false));
        }
        if self.eat(Tok::Equal)? && self.eat(Tok::Equal)? {
            let rhs = self.parse_affine_expr(names, e)?;
            return Ok((e.sub(lhs, rhs), true));
        }
        Err(self.error_here("expected '== affine-expr' or '>= affine-expr' at end of affine constraint"))
    }

    /// One affine expression; stops before the first token that cannot continue it.
    fn parse_affine_expr(&mut self, names: &FxHashMap<&'a str, Node>, e: &mut Expr) -> PResult<u32> {
        let mut ops: Vec<Op> = Vec::new();
        let mut vals: Vec<u32> = Vec::new();
        let mut expect_operand = true;
        loop {
            if expect_operand {
                let tok = self.tok();
                match tok.kind {
                    Tok::LParen => {
                        self.bump()?;
                        if self.at(Tok::RParen) {
                            return Err(self.error_here("no expression inside parentheses"));
                        }
                        ops.push(Op::Paren);
                        continue;
                    }
                    Tok::Minus => {
                        self.bump()?;
                        ops.push(Op::Neg { pos: tok.start });
                        continue;
                    }
                    Tok::Integer => {
                        let v = super::dense::parse_u64(self.text());
                        let c = match v {
                            Some(v) if v <= i64::MAX as u64 => v as i64,
                            Some(v) if v == 1u64 << 63 => i64::MIN,
                            _ => return Err(self.operand_error(&ops, "constant too large for index")),
                        };
                        self.bump()?;
                        vals.push(e.constant(c));
                    }
                    Tok::Percent => return Err(self.operand_wrong_token(&ops, "unexpected ssa identifier")),
                    Tok::Plus | Tok::Star => {
                        let msg = if has_pending_binary(&ops) {
                            "missing right operand of binary operator"
                        } else {
                            "missing left operand of binary operator"
                        };
                        return Err(self.operand_error(&ops, msg));
                    }
                    _ if self.is_affine_ident() => {
                        let Some(&leaf) = names.get(self.text()) else {
                            return Err(self.operand_wrong_token(&ops, "use of undeclared identifier"));
                        };
                        self.bump()?;
                        vals.push(e.leaf(leaf));
                    }
                    _ => {
                        let msg = if has_pending_binary(&ops) {
                            "missing right operand of binary operator"
                        } else {
                            "expected affine expression"
                        };
                        return Err(self.operand_error(&ops, msg));
                    }
                }
                expect_operand = false;
                continue;
            }
            // Expecting an operator.
            let tok = self.tok();
            let op = match tok.kind {
                Tok::Plus => Some(Op::Add),
                Tok::Minus => Some(Op::Sub),
                Tok::Star => Some(Op::High { op: AffineBinaryOp::Mul, pos: tok.start }),
                Tok::BareIdent => match self.text() {
                    "floordiv" => Some(Op::High { op: AffineBinaryOp::FloorDiv, pos: tok.start }),
                    "ceildiv" => Some(Op::High { op: AffineBinaryOp::CeilDiv, pos: tok.start }),
                    "mod" => Some(Op::High { op: AffineBinaryOp::Mod, pos: tok.start }),
                    _ => None,
                },
                Tok::RParen if ops.iter().any(|o| matches!(o, Op::Paren)) => {
                    self.bump()?;
                    loop {
                        match ops.pop() {
                            Some(Op::Paren) => break,
                            Some(o) => self.reduce(o, &mut vals, e)?,
                            None => unreachable!("a paren is open"),
                        }
                    }
                    continue;
                }
                _ => None,
            };
            let Some(op) = op else {
                // End of the expression.
                while let Some(o) = ops.pop() {
                    if matches!(o, Op::Paren) {
                        return Err(self.wrong_token("expected ')'"));
                    }
                    self.reduce(o, &mut vals, e)?;
                }
                return Ok(vals.pop().expect("one operand"));
            };
            let prec = prec(op);
            while let Some(&top) = ops.last() {
                if matches!(top, Op::Paren) || prec_of_stacked(top) < prec {
                    break;
                }
                ops.pop();
                self.reduce(top, &mut vals, e)?;
            }
            ops.push(op);
            self.bump()?;
            expect_operand = true;
        }
    }

    /// An error while an operand was expected; after a `-` MLIR adds a second message.
    fn operand_error(&mut self, ops: &[Op], msg: &str) -> Fail {
        let f = self.error_here(msg);
        if matches!(ops.last(), Some(Op::Neg { .. })) {
            let _ = self.error_here("missing operand of negation");
        }
        f
    }

    fn operand_wrong_token(&mut self, ops: &[Op], msg: &str) -> Fail {
        let f = self.wrong_token(msg);
        if matches!(ops.last(), Some(Op::Neg { .. })) {
            let _ = self.error_here("missing operand of negation");
        }
        f
    }

    fn reduce(&mut self, op: Op, vals: &mut Vec<u32>, e: &mut Expr) -> PResult<()> {
        match op {
            Op::Paren => unreachable!("parens are matched, not reduced"),
            Op::Neg { pos } => {
                let _ = pos;
                let x = vals.pop().expect("operand");
                vals.push(e.negate(x));
            }
            Op::Add | Op::Sub => {
                let r = vals.pop().expect("rhs");
                let l = vals.pop().expect("lhs");
                vals.push(if matches!(op, Op::Add) { e.add(l, r) } else { e.sub(l, r) });
            }
            Op::High { op, pos } => {
                let r = vals.pop().expect("rhs");
                let l = vals.pop().expect("lhs");
                let (ls, rs) = (e.symbolic(l), e.symbolic(r));
                let err = match op {
                    AffineBinaryOp::Mul if !ls && !rs => {
                        Some("non-affine expression: at least one of the multiply operands has to be either a constant or symbolic")
                    }
                    AffineBinaryOp::FloorDiv if !rs => {
                        Some("non-affine expression: right operand of floordiv has to be either a constant or symbolic")
                    }
                    AffineBinaryOp::CeilDiv if !rs => {
                        Some("non-affine expression: right operand of ceildiv has to be either a constant or symbolic")
                    }
                    AffineBinaryOp::Mod if !rs => {
                        Some("non-affine expression: right operand of mod has to be either a constant or symbolic")
                    }
                    _ => None,
                };
                if let Some(m) = err {
                    return Err(self.error_at(pos, m));
                }
                vals.push(e.b.binary(op, l, r));
            }
        }
        Ok(())
    }
}

fn prec(op: Op) -> u8 {
    match op {
        Op::Add | Op::Sub => 1,
        Op::High { .. } => 2,
        Op::Neg { .. } => 3,
        Op::Paren => 0,
    }
}

fn prec_of_stacked(op: Op) -> u8 {
    prec(op)
}

/// Whether the operand being parsed is the right operand of a binary operator (negations
/// pass the left operand through, parentheses start afresh).
fn has_pending_binary(ops: &[Op]) -> bool {
    matches!(ops.iter().rev().find(|o| !matches!(o, Op::Neg { .. })), Some(Op::Add | Op::Sub | Op::High { .. }))
}
