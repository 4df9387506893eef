//! Affine maps and integer sets, stored flat so that hashing, comparing and dropping them is
//! iterative however deep an expression nests.
//!
//! An expression tree is a list of nodes in post-order: every node's operands come before it
//! and the root is last. Building through [`AffineExpr`] always produces the same layout for
//! the same tree, so structural equality is plain `==` on the flat form. Like MLIR's storage
//! these are uniqued by the context; unlike MLIR, no simplification is applied on
//! construction (the printer shows exactly what was built).

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineBinaryOp {
    Add,
    Mul,
    Mod,
    FloorDiv,
    CeilDiv,
}

impl AffineBinaryOp {
    /// MLIR's spelling between operands.
    pub fn keyword(self) -> &'static str {
        match self {
            AffineBinaryOp::Add => "+",
            AffineBinaryOp::Mul => "*",
            AffineBinaryOp::Mod => "mod",
            AffineBinaryOp::FloorDiv => "floordiv",
            AffineBinaryOp::CeilDiv => "ceildiv",
        }
    }
}

/// One node of a flat expression. `Binary` operands are node indices within the same list.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineNode {
    Dim(u32),
    Symbol(u32),
    Constant(i64),
    Binary { op: AffineBinaryOp, lhs: u32, rhs: u32 },
}

/// A convenient tree form for building expressions by hand; flattened on use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AffineExpr {
    Dim(u32),
    Symbol(u32),
    Constant(i64),
    Binary(AffineBinaryOp, Box<AffineExpr>, Box<AffineExpr>),
}

impl AffineExpr {
    pub fn binary(op: AffineBinaryOp, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::Binary(op, Box::new(lhs), Box::new(rhs))
    }

    /// Appends this tree to `nodes` in post-order and returns the root's index.
    pub fn flatten_into(&self, nodes: &mut Vec<AffineNode>) -> u32 {
        // Explicit stack: a deep expression must not overflow the native stack.
        enum Step<'a> {
            Visit(&'a AffineExpr),
            Combine(AffineBinaryOp),
        }
        let mut steps = vec![Step::Visit(self)];
        let mut roots: Vec<u32> = Vec::new();
        while let Some(step) = steps.pop() {
            match step {
                Step::Visit(AffineExpr::Dim(d)) => roots.push(push(nodes, AffineNode::Dim(*d))),
                Step::Visit(AffineExpr::Symbol(s)) => roots.push(push(nodes, AffineNode::Symbol(*s))),
                Step::Visit(AffineExpr::Constant(c)) => roots.push(push(nodes, AffineNode::Constant(*c))),
                Step::Visit(AffineExpr::Binary(op, l, r)) => {
                    steps.push(Step::Combine(*op));
                    steps.push(Step::Visit(r));
                    steps.push(Step::Visit(l));
                }
                Step::Combine(op) => {
                    let rhs = roots.pop().expect("rhs");
                    let lhs = roots.pop().expect("lhs");
                    roots.push(push(nodes, AffineNode::Binary { op, lhs, rhs }));
                }
            }
        }
        roots.pop().expect("root")
    }
}

fn push(nodes: &mut Vec<AffineNode>, node: AffineNode) -> u32 {
    nodes.push(node);
    (nodes.len() - 1) as u32
}

/// `(d0, d1)[s0] -> (d0 + s0, d1)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineMap {
    pub num_dims: u32,
    pub num_symbols: u32,
    pub nodes: Box<[AffineNode]>,
    /// Root node index of each result expression.
    pub results: Box<[u32]>,
}

impl AffineMap {
    pub fn new(num_dims: u32, num_symbols: u32, results: &[AffineExpr]) -> AffineMap {
        let mut nodes = Vec::new();
        let roots: Vec<u32> = results.iter().map(|e| e.flatten_into(&mut nodes)).collect();
        AffineMap { num_dims, num_symbols, nodes: nodes.into(), results: roots.into() }
    }

    /// `(d0, ..., dn-1) -> (d0, ..., dn-1)`.
    pub fn identity(num_dims: u32) -> AffineMap {
        let exprs: Vec<AffineExpr> = (0..num_dims).map(AffineExpr::Dim).collect();
        AffineMap::new(num_dims, 0, &exprs)
    }

    /// Symbols do not count, as in MLIR's `AffineMap::isIdentity`: a memref layout
    /// `(d0)[s0] -> (d0)` is the default layout and is not printed.
    pub fn is_identity(&self) -> bool {
        self.results.len() == self.num_dims as usize
            && self.results.iter().enumerate().all(|(i, &r)| self.nodes[r as usize] == AffineNode::Dim(i as u32))
    }

    /// Checks that every dim and symbol index is in range and every operand index points
    /// backwards (post-order), so a map built from raw nodes is well formed.
    pub fn validate(&self) -> Result<(), String> {
        validate_nodes(&self.nodes, self.num_dims, self.num_symbols)?;
        for &r in self.results.iter() {
            if r as usize >= self.nodes.len() {
                return Err(format!("result root {r} is out of range"));
            }
        }
        Ok(())
    }
}

/// `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntegerSet {
    pub num_dims: u32,
    pub num_symbols: u32,
    pub nodes: Box<[AffineNode]>,
    /// Root node of each constraint, and whether it is an equality (`== 0`) or `>= 0`.
    pub constraints: Box<[(u32, bool)]>,
}

impl IntegerSet {
    pub fn new(num_dims: u32, num_symbols: u32, constraints: &[(AffineExpr, bool)]) -> IntegerSet {
        let mut nodes = Vec::new();
        let roots: Vec<(u32, bool)> = constraints.iter().map(|(e, eq)| (e.flatten_into(&mut nodes), *eq)).collect();
        IntegerSet { num_dims, num_symbols, nodes: nodes.into(), constraints: roots.into() }
    }

    pub fn validate(&self) -> Result<(), String> {
        validate_nodes(&self.nodes, self.num_dims, self.num_symbols)?;
        for &(r, _) in self.constraints.iter() {
            if r as usize >= self.nodes.len() {
                return Err(format!("constraint root {r} is out of range"));
            }
        }
        Ok(())
    }
}

/// Builds expressions the way MLIR's `AffineExpr` operators do: every `+`, `*`, `floordiv`,
/// `ceildiv` and `mod` is simplified as it is made (constants folded and moved to the
/// right, `(d0 + 2) + 3` to `d0 + 5`, `d0 * 2 + d0 * 3` to `d0 * 5`, multiples divided out),
/// so that text parsed here prints as upstream prints it. Nodes live in one list and refer
/// to earlier ones; [`ExprBuilder::flatten`] copies what a root reaches, in post-order.
#[derive(Clone, Debug, Default)]
pub struct ExprBuilder {
    nodes: Vec<AffineNode>,
    /// Per node: whether it has no dims, and its largest known divisor (kept as nodes are
    /// made, so that deep expressions stay linear to build).
    facts: Vec<(bool, i64)>,
}

impl ExprBuilder {
    fn push(&mut self, n: AffineNode) -> u32 {
        let fact = match n {
            AffineNode::Dim(_) => (false, 1),
            AffineNode::Symbol(_) => (true, 1),
            AffineNode::Constant(c) => (true, c.unsigned_abs().min(i64::MAX as u64) as i64),
            AffineNode::Binary { op, lhs, rhs } => {
                let (ls, l) = self.facts[lhs as usize];
                let (rs, r) = self.facts[rhs as usize];
                let div = match op {
                    AffineBinaryOp::Mul => l.checked_mul(r).unwrap_or(1),
                    AffineBinaryOp::Add | AffineBinaryOp::Mod => gcd(l, r),
                    AffineBinaryOp::FloorDiv | AffineBinaryOp::CeilDiv => match self.as_const(rhs) {
                        Some(c) if c != 0 && l % c == 0 => (l / c).checked_abs().unwrap_or(1),
                        _ => 1,
                    },
                };
                (ls && rs, div)
            }
        };
        self.facts.push(fact);
        push(&mut self.nodes, n)
    }

    pub fn dim(&mut self, d: u32) -> u32 {
        self.push(AffineNode::Dim(d))
    }

    pub fn symbol(&mut self, s: u32) -> u32 {
        self.push(AffineNode::Symbol(s))
    }

    pub fn constant(&mut self, c: i64) -> u32 {
        self.push(AffineNode::Constant(c))
    }

    fn node(&self, i: u32) -> AffineNode {
        self.nodes[i as usize]
    }

    fn as_const(&self, i: u32) -> Option<i64> {
        match self.node(i) {
            AffineNode::Constant(c) => Some(c),
            _ => None,
        }
    }

    fn as_binary(&self, i: u32, kind: AffineBinaryOp) -> Option<(u32, u32)> {
        match self.node(i) {
            AffineNode::Binary { op, lhs, rhs } if op == kind => Some((lhs, rhs)),
            _ => None,
        }
    }

    /// Whether the expression has no dims (MLIR's `isSymbolicOrConstant`).
    pub fn is_symbolic_or_constant(&self, root: u32) -> bool {
        self.facts[root as usize].0
    }

    /// Structural equality (MLIR compares uniqued expressions).
    pub fn same(&self, a: u32, b: u32) -> bool {
        let mut stack = vec![(a, b)];
        while let Some((x, y)) = stack.pop() {
            if x == y {
                continue;
            }
            match (self.node(x), self.node(y)) {
                (AffineNode::Binary { op: o1, lhs: l1, rhs: r1 }, AffineNode::Binary { op: o2, lhs: l2, rhs: r2 })
                    if o1 == o2 =>
                {
                    stack.push((l1, l2));
                    stack.push((r1, r2));
                }
                (n1, n2) if n1 == n2 && !matches!(n1, AffineNode::Binary { .. }) => {}
                _ => return false,
            }
        }
        true
    }

    /// MLIR's `getLargestKnownDivisor`.
    pub fn largest_known_divisor(&self, root: u32) -> i64 {
        self.facts[root as usize].1
    }

    fn raw(&mut self, op: AffineBinaryOp, lhs: u32, rhs: u32) -> u32 {
        self.push(AffineNode::Binary { op, lhs, rhs })
    }

    /// `lhs + rhs`, simplified as MLIR's `simplifyAdd`.
    pub fn add(&mut self, lhs: u32, rhs: u32) -> u32 {
        let (lc, rc) = (self.as_const(lhs), self.as_const(rhs));
        if let (Some(a), Some(b)) = (lc, rc) {
            if let Some(sum) = a.checked_add(b) {
                return self.constant(sum);
            }
            return self.raw(AffineBinaryOp::Add, lhs, rhs);
        }
        // Only the right side may be a constant, and a symbolic side goes right.
        if lc.is_some() || (self.is_symbolic_or_constant(lhs) && !self.is_symbolic_or_constant(rhs)) {
            return self.add(rhs, lhs);
        }
        if rc == Some(0) {
            return lhs;
        }
        if self.leaves_out_of_order(lhs, rhs) {
            return self.raw(AffineBinaryOp::Add, rhs, lhs);
        }
        let l_add = self.as_binary(lhs, AffineBinaryOp::Add);
        if let (Some((ll, lr)), Some(c)) = (l_add, rc) {
            if let Some(c2) = self.as_const(lr).and_then(|v| v.checked_add(c)) {
                let k = self.constant(c2);
                return self.add(ll, k);
            }
        }
        // `c1 * e + c2 * e` is `(c1 + c2) * e`.
        let (first, c1) = match self.as_binary(lhs, AffineBinaryOp::Mul) {
            Some((l, r)) if self.as_const(r).is_some() => (l, self.as_const(r)),
            _ => (lhs, Some(1)),
        };
        let (second, c2) = match self.as_binary(rhs, AffineBinaryOp::Mul) {
            Some((l, r)) if self.as_const(r).is_some() => (l, self.as_const(r)),
            _ => (rhs, Some(1)),
        };
        if let (Some(a), Some(b)) = (c1, c2) {
            if self.same(first, second) {
                if let Some(sum) = a.checked_add(b) {
                    let k = self.constant(sum);
                    return self.mul(first, k);
                }
            }
        }
        // `(e + c) + f` is `(e + f) + c`.
        if let Some((ll, lr)) = l_add {
            if self.as_const(lr).is_some() {
                let inner = self.add(ll, rhs);
                return self.add(inner, lr);
            }
        }
        self.raw(AffineBinaryOp::Add, lhs, rhs)
    }

    /// `lhs * rhs`, simplified as MLIR's `simplifyMul`.
    pub fn mul(&mut self, lhs: u32, rhs: u32) -> u32 {
        let (lc, rc) = (self.as_const(lhs), self.as_const(rhs));
        if let (Some(a), Some(b)) = (lc, rc) {
            if let Some(p) = a.checked_mul(b) {
                return self.constant(p);
            }
            return self.raw(AffineBinaryOp::Mul, lhs, rhs);
        }
        let (ls, rs) = (self.is_symbolic_or_constant(lhs), self.is_symbolic_or_constant(rhs));
        if !ls && !rs {
            return self.raw(AffineBinaryOp::Mul, lhs, rhs);
        }
        if !rs || lc.is_some() {
            return self.mul(rhs, lhs);
        }
        match rc {
            Some(1) => return lhs,
            Some(0) => return rhs,
            _ => {}
        }
        if self.leaves_out_of_order(lhs, rhs) {
            return self.raw(AffineBinaryOp::Mul, rhs, lhs);
        }
        if let Some((ll, lr)) = self.as_binary(lhs, AffineBinaryOp::Mul) {
            if let Some(a) = self.as_const(lr) {
                if let Some(b) = rc {
                    if let Some(p) = a.checked_mul(b) {
                        let k = self.constant(p);
                        return self.mul(ll, k);
                    }
                } else {
                    let inner = self.mul(ll, rhs);
                    return self.mul(inner, lr);
                }
            }
        }
        self.raw(AffineBinaryOp::Mul, lhs, rhs)
    }

    /// Two dims (or two symbols) of a commutative op, the higher position first: MLIR
    /// orders them by position.
    fn leaves_out_of_order(&self, lhs: u32, rhs: u32) -> bool {
        match (self.node(lhs), self.node(rhs)) {
            (AffineNode::Dim(a), AffineNode::Dim(b)) | (AffineNode::Symbol(a), AffineNode::Symbol(b)) => a > b,
            _ => false,
        }
    }

    /// `lhs floordiv rhs`, simplified as MLIR's `simplifyFloorDiv`.
    pub fn floordiv(&mut self, lhs: u32, rhs: u32) -> u32 {
        if self.same(lhs, rhs) && self.as_const(rhs) != Some(0) {
            return self.constant(1);
        }
        let Some(d) = self.as_const(rhs).filter(|&d| d >= 1) else {
            return self.raw(AffineBinaryOp::FloorDiv, lhs, rhs);
        };
        if let Some(a) = self.as_const(lhs) {
            return self.constant(a.div_euclid(d));
        }
        if d == 1 {
            return lhs;
        }
        if let Some((ll, lr)) = self.as_binary(lhs, AffineBinaryOp::Mul) {
            if let Some(c) = self.as_const(lr) {
                if c % d == 0 {
                    let k = self.constant(c / d);
                    return self.mul(ll, k);
                }
            }
        }
        if let Some((ll, lr)) = self.as_binary(lhs, AffineBinaryOp::Add) {
            if self.largest_known_divisor(ll) % d == 0 || self.largest_known_divisor(lr) % d == 0 {
                let a = self.floordiv(ll, rhs);
                let b = self.floordiv(lr, rhs);
                return self.add(a, b);
            }
        }
        self.raw(AffineBinaryOp::FloorDiv, lhs, rhs)
    }

    /// `lhs ceildiv rhs`, simplified as MLIR's `simplifyCeilDiv`.
    pub fn ceildiv(&mut self, lhs: u32, rhs: u32) -> u32 {
        if self.same(lhs, rhs) && self.as_const(rhs) != Some(0) {
            return self.constant(1);
        }
        let Some(d) = self.as_const(rhs).filter(|&d| d >= 1) else {
            return self.raw(AffineBinaryOp::CeilDiv, lhs, rhs);
        };
        if let Some(a) = self.as_const(lhs) {
            let q = a.div_euclid(d);
            return self.constant(if a.rem_euclid(d) != 0 { q + 1 } else { q });
        }
        if d == 1 {
            return lhs;
        }
        if let Some((ll, lr)) = self.as_binary(lhs, AffineBinaryOp::Mul) {
            if let Some(c) = self.as_const(lr) {
                if c % d == 0 {
                    let k = self.constant(c / d);
                    return self.mul(ll, k);
                }
            }
        }
        self.raw(AffineBinaryOp::CeilDiv, lhs, rhs)
    }

    /// `lhs mod rhs`, simplified as MLIR's `simplifyMod`.
    pub fn modulo(&mut self, lhs: u32, rhs: u32) -> u32 {
        if self.same(lhs, rhs) && self.as_const(rhs) != Some(0) {
            return self.constant(0);
        }
        let Some(d) = self.as_const(rhs).filter(|&d| d >= 1) else {
            return self.raw(AffineBinaryOp::Mod, lhs, rhs);
        };
        if let Some(a) = self.as_const(lhs) {
            return self.constant(a.rem_euclid(d));
        }
        if self.largest_known_divisor(lhs) % d == 0 {
            return self.constant(0);
        }
        if let Some((ll, lr)) = self.as_binary(lhs, AffineBinaryOp::Add) {
            if self.largest_known_divisor(ll) % d == 0 {
                return self.modulo(lr, rhs);
            }
            if self.largest_known_divisor(lr) % d == 0 {
                return self.modulo(ll, rhs);
            }
        }
        if let Some((ll, lr)) = self.as_binary(lhs, AffineBinaryOp::Mod) {
            if self.as_const(lr).is_some_and(|m| m >= 1 && m % d == 0) {
                return self.modulo(ll, rhs);
            }
        }
        self.raw(AffineBinaryOp::Mod, lhs, rhs)
    }

    /// `op` applied and simplified.
    pub fn binary(&mut self, op: AffineBinaryOp, lhs: u32, rhs: u32) -> u32 {
        match op {
            AffineBinaryOp::Add => self.add(lhs, rhs),
            AffineBinaryOp::Mul => self.mul(lhs, rhs),
            AffineBinaryOp::FloorDiv => self.floordiv(lhs, rhs),
            AffineBinaryOp::CeilDiv => self.ceildiv(lhs, rhs),
            AffineBinaryOp::Mod => self.modulo(lhs, rhs),
        }
    }

    /// `-e`: `e * -1`.
    pub fn negate(&mut self, e: u32) -> u32 {
        let m1 = self.constant(-1);
        self.mul(e, m1)
    }

    /// `a - b`: `a + b * -1`.
    pub fn sub(&mut self, a: u32, b: u32) -> u32 {
        let nb = self.negate(b);
        self.add(a, nb)
    }

    /// Appends the tree under `root` to `out` in post-order; returns the root's index there.
    pub fn flatten(&self, root: u32, out: &mut Vec<AffineNode>) -> u32 {
        let mut stack: Vec<(u32, bool)> = vec![(root, false)];
        let mut done: Vec<u32> = Vec::new();
        while let Some((n, visited)) = stack.pop() {
            match self.node(n) {
                AffineNode::Binary { op, lhs, rhs } => {
                    if visited {
                        let r = done.pop().expect("rhs");
                        let l = done.pop().expect("lhs");
                        done.push(push(out, AffineNode::Binary { op, lhs: l, rhs: r }));
                    } else {
                        stack.push((n, true));
                        stack.push((rhs, false));
                        stack.push((lhs, false));
                    }
                }
                leaf => done.push(push(out, leaf)),
            }
        }
        done.pop().expect("root")
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.min(i64::MAX as u64) as i64
}

fn validate_nodes(nodes: &[AffineNode], dims: u32, syms: u32) -> Result<(), String> {
    for (i, n) in nodes.iter().enumerate() {
        match *n {
            AffineNode::Dim(d) if d >= dims => return Err(format!("d{d} is out of range ({dims} dims)")),
            AffineNode::Symbol(s) if s >= syms => return Err(format!("s{s} is out of range ({syms} symbols)")),
            AffineNode::Binary { lhs, rhs, .. } if lhs as usize >= i || rhs as usize >= i => {
                return Err(format!("node {i} refers forward"))
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_trees_flatten_equal() {
        let e = || AffineExpr::binary(AffineBinaryOp::Add, AffineExpr::Dim(0), AffineExpr::Symbol(0));
        let a = AffineMap::new(1, 1, &[e(), AffineExpr::Dim(0)]);
        let b = AffineMap::new(1, 1, &[e(), AffineExpr::Dim(0)]);
        assert_eq!(a, b);
        assert!(a.validate().is_ok());
        assert!(!a.is_identity());
        assert!(AffineMap::identity(3).is_identity());
    }

    #[test]
    fn deep_expression_flattens_without_recursion() {
        let mut e = AffineExpr::Dim(0);
        for _ in 0..100_000 {
            e = AffineExpr::binary(AffineBinaryOp::Add, e, AffineExpr::Constant(1));
        }
        let m = AffineMap::new(1, 0, std::slice::from_ref(&e));
        assert_eq!(m.nodes.len(), 200_001);
        // Dropping a deep Box tree recurses; unwind it by hand.
        let mut cur = e;
        while let AffineExpr::Binary(_, l, _) = cur {
            cur = *l;
        }
    }

    #[test]
    fn out_of_range_dims_rejected() {
        let m = AffineMap::new(1, 0, &[AffineExpr::Dim(3)]);
        assert!(m.validate().is_err());
    }
}

/// A piece of an affine expression's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AffineExprPiece {
    Text(&'static str),
    Int(i64),
    Dim(u32),
    Symbol(u32),
}

/// MLIR's `printAffineExprInternal`, with an explicit stack: the expression under `root` as
/// the pieces of its text, in order (dims and symbols left to the caller: `d0`, or an SSA
/// value in an affine op's operand list).
pub fn affine_expr_pieces(nodes: &[AffineNode], root: u32, mut emit: impl FnMut(AffineExprPiece)) {
    enum T {
        Node(u32, bool),
        Lit(&'static str),
        Int(i64),
    }
    let mut stack = vec![T::Node(root, false)];
    let node = |i: u32| nodes.get(i as usize).copied().unwrap_or(AffineNode::Constant(0));
    while let Some(t) = stack.pop() {
        let (i, strong) = match t {
            T::Lit(s) => {
                emit(AffineExprPiece::Text(s));
                continue;
            }
            T::Int(v) => {
                emit(AffineExprPiece::Int(v));
                continue;
            }
            T::Node(i, strong) => (i, strong),
        };
        match node(i) {
            AffineNode::Dim(d) => emit(AffineExprPiece::Dim(d)),
            AffineNode::Symbol(s) => emit(AffineExprPiece::Symbol(s)),
            AffineNode::Constant(c) => emit(AffineExprPiece::Int(c)),
            AffineNode::Binary { op, lhs, rhs } => {
                if strong {
                    emit(AffineExprPiece::Text("("));
                    stack.push(T::Lit(")"));
                }
                if op != AffineBinaryOp::Add {
                    if op == AffineBinaryOp::Mul && node(rhs) == AffineNode::Constant(-1) {
                        emit(AffineExprPiece::Text("-"));
                        stack.push(T::Node(lhs, true));
                        continue;
                    }
                    let spelling = match op {
                        AffineBinaryOp::Mul => " * ",
                        AffineBinaryOp::Mod => " mod ",
                        AffineBinaryOp::FloorDiv => " floordiv ",
                        AffineBinaryOp::CeilDiv => " ceildiv ",
                        AffineBinaryOp::Add => " + ",
                    };
                    stack.push(T::Node(rhs, true));
                    stack.push(T::Lit(spelling));
                    stack.push(T::Node(lhs, true));
                    continue;
                }
                // Addition: `a - b` for `a + b * -1`, `a - b * c` for `a + b * -c`,
                // `a - c` for `a + -c`.
                if let AffineNode::Binary { op: AffineBinaryOp::Mul, lhs: rl, rhs: rr } = node(rhs) {
                    if let AffineNode::Constant(c) = node(rr) {
                        if c == -1 {
                            let rl_is_add = matches!(node(rl), AffineNode::Binary { op: AffineBinaryOp::Add, .. });
                            stack.push(T::Node(rl, rl_is_add));
                            stack.push(T::Lit(" - "));
                            stack.push(T::Node(lhs, false));
                            continue;
                        }
                        if c < -1 {
                            stack.push(T::Int(c.wrapping_neg()));
                            stack.push(T::Lit(" * "));
                            stack.push(T::Node(rl, true));
                            stack.push(T::Lit(" - "));
                            stack.push(T::Node(lhs, false));
                            continue;
                        }
                    }
                }
                if let AffineNode::Constant(c) = node(rhs) {
                    if c < 0 {
                        stack.push(T::Int(c.wrapping_neg()));
                        stack.push(T::Lit(" - "));
                        stack.push(T::Node(lhs, false));
                        continue;
                    }
                }
                stack.push(T::Node(rhs, false));
                stack.push(T::Lit(" + "));
                stack.push(T::Node(lhs, false));
            }
        }
    }
}
