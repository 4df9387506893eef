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
