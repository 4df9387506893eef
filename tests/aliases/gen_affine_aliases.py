#!/usr/bin/env python3
"""Random MLIR modules whose generic ops carry affine maps and integer sets.

The modules exercise the printer's alias rules (which attributes get `#map`/`#set` aliases
and how they are numbered): maps and sets alone, nested in arrays and dictionaries, as memref
layouts (identity or not), in operand, result and block argument types, in nested regions,
repeated, with zero dims, symbols or results, next to other aliasable attributes (large tuples,
distinct attributes), in the properties of unregistered ops (`<{...}>`, which upstream does not
walk for aliases) and of registered ones (`affine.apply`, `func.func`, which it walks after the
discardable attributes). Every module is valid input for
`iree-opt --allow-unregistered-dialect`; tests/aliases/check_affine_aliases.sh runs the
differential check.

Usage: gen_affine_aliases.py --seed N --count K --out DIR   (writes DIR/case_000.mlir, ...)
"""

import argparse
import os
import random


class Gen:
    def __init__(self, rng):
        self.rng = rng
        # A small pool so that the same map or set appears several times, and maps that
        # differ only in spelling but are uniqued to the same attribute.
        self.map_pool = []
        self.set_pool = []

    def expr(self, dims, syms, depth=0):
        r = self.rng
        leaves = [f"d{i}" for i in range(dims)] + [f"s{i}" for i in range(syms)]
        if depth >= 2 or r.random() < 0.4:
            if leaves and r.random() < 0.8:
                return r.choice(leaves)
            return str(r.randint(-3, 8))
        kind = r.choice(["+", "-", "*", "floordiv", "ceildiv", "mod"])
        a = self.expr(dims, syms, depth + 1)
        if kind in ("+", "-"):
            return f"({a} {kind} {self.expr(dims, syms, depth + 1)})"
        return f"({a} {kind} {r.randint(1, 5)})"

    def dims_syms(self):
        r = self.rng
        return r.choice([0, 0, 1, 1, 2, 3]), r.choice([0, 0, 0, 1, 2])

    def header(self, dims, syms):
        d = ", ".join(f"d{i}" for i in range(dims))
        s = ", ".join(f"s{i}" for i in range(syms))
        return f"({d})" + (f"[{s}]" if syms else "")

    def new_map(self):
        r = self.rng
        dims, syms = self.dims_syms()
        shape = r.random()
        if shape < 0.15:
            results = []
        elif shape < 0.3 and dims:
            # Identity or permutation.
            results = [f"d{i}" for i in range(dims)]
            if r.random() < 0.5:
                r.shuffle(results)
        elif shape < 0.4:
            results = [str(r.randint(0, 4)) for _ in range(r.randint(1, 2))]
        else:
            results = [self.expr(dims, syms) for _ in range(r.randint(1, 3))]
        return f"affine_map<{self.header(dims, syms)} -> ({', '.join(results)})>"

    def new_set(self):
        r = self.rng
        dims, syms = self.dims_syms()
        shape = r.random()
        if shape < 0.15:
            cons = [r.choice(["0 == 0", "1 == 0", "-1 >= 0", "0 >= 0"])]
        else:
            cons = []
            for _ in range(r.randint(1, 3)):
                cons.append(f"{self.expr(dims, syms)} {r.choice(['>=', '>=', '=='])} 0")
        return f"affine_set<{self.header(dims, syms)} : ({', '.join(cons)})>"

    def amap(self):
        if self.map_pool and self.rng.random() < 0.35:
            return self.rng.choice(self.map_pool)
        m = self.new_map()
        self.map_pool.append(m)
        return m

    def aset(self):
        if self.set_pool and self.rng.random() < 0.35:
            return self.rng.choice(self.set_pool)
        s = self.new_set()
        self.set_pool.append(s)
        return s

    def layout_map(self, rank):
        """A memref layout: a map of `rank` dims (and maybe symbols) with `rank` results."""
        r = self.rng
        syms = r.choice([0, 0, 1])
        shape = r.random()
        if shape < 0.3:
            results = [f"d{i}" for i in range(rank)]
        elif shape < 0.45:
            results = [f"d{i}" for i in range(rank)]
            r.shuffle(results)
        else:
            results = [self.expr(rank, syms) for _ in range(rank)]
        m = f"affine_map<{self.header(rank, syms)} -> ({', '.join(results)})>"
        if r.random() < 0.3:
            self.map_pool.append(m)
        return m

    def memref(self):
        r = self.rng
        rank = r.choice([0, 1, 1, 2, 2, 3])
        shape = "".join(f"{r.choice(['4', '8', '?'])}x" for _ in range(rank))
        elem = r.choice(["f32", "i8", "index"])
        parts = [f"{shape}{elem}"]
        c = r.random()
        if c < 0.55:
            parts.append(self.layout_map(rank))
        elif c < 0.65 and rank:
            parts.append(f"strided<[{', '.join('1' for _ in range(rank))}]>")
        if r.random() < 0.15:
            parts.append(str(r.randint(1, 3)))
        return f"memref<{', '.join(parts)}>"

    def type_(self):
        r = self.rng
        c = r.random()
        if c < 0.4:
            return self.memref()
        if c < 0.5:
            return f"tuple<{self.type_()}, i32>"
        if c < 0.55:
            # More than 16 elements: a `!tuple` alias, maybe deeper than the maps inside it.
            elems = [r.choice(["i1", "f32", "index"]) for _ in range(17)]
            if r.random() < 0.5:
                elems[r.randrange(17)] = self.memref()
            return "tuple<" + ", ".join(elems) + ">"
        if c < 0.65:
            return f"({self.type_()}) -> {r.choice(['i32', 'f32'])}"
        if c < 0.7:
            return f"memref<*x{r.choice(['f32', 'i8'])}>"
        if c < 0.75:
            return f"tensor<4xf32, {self.amap() if r.random() < 0.7 else self.aset()}>"
        return r.choice(["i32", "f32", "index", "i1", "tensor<4xf32>", "vector<2xi8>"])

    def attr(self, depth=0):
        r = self.rng
        c = r.random()
        if c < 0.33:
            return self.amap()
        if c < 0.45:
            return self.aset()
        if c < 0.55 and depth < 3:
            return "[" + ", ".join(self.attr(depth + 1) for _ in range(r.randint(0, 3))) + "]"
        if c < 0.62 and depth < 3:
            n = r.randint(0, 3)
            keys = sorted(r.sample(["a", "b", "k", "m", "z"], n))
            return "{" + ", ".join(f"{k} = {self.attr(depth + 1)}" for k in keys) + "}"
        if c < 0.75:
            return self.type_()
        if c < 0.8:
            # Ids are per module: the same id must always refer to the same attribute.
            inner = (self.amap() if c < 0.77 else self.attr(depth + 1)) if c < 0.78 else "unit"
            self.distinct += 1
            return f"distinct[{self.distinct}]<{inner}>"
        return r.choice(["unit", "1 : i32", '"s"', "@sym", "true", "array<i32: 1, 2>", "2.5 : f32"])

    def attr_dict(self):
        r = self.rng
        n = r.randint(0, 4)
        names = r.sample(["a", "b", "c", "map", "set", "layout", "x", "y", "zz"], n)
        return "{" + ", ".join(f"{k} = {self.attr()}" for k in names) + "}" if n else ""

    def op(self, indent, values, depth):
        r = self.rng
        name = r.choice(["test.op", "test.foo", "foo.bar", "test.region"])
        nres = r.choice([0, 0, 1, 1, 2])
        res_types = [self.type_() for _ in range(nres)]
        operands = r.sample(values, min(len(values), r.randint(0, 2)))
        lines = []
        regions = []
        if depth < 2 and r.random() < 0.25:
            for _ in range(r.randint(1, 2)):
                regions.append(self.region(indent + "  ", depth + 1, values))
        result_names = []
        if nres == 1:
            result_names = [f"%v{self.counter}"]
            lhs = f"{result_names[0]} = "
        elif nres:
            base = f"%v{self.counter}"
            result_names = [f"{base}#{i}" for i in range(nres)]
            lhs = f"{base}:{nres} = "
        else:
            lhs = ""
        self.counter += 1
        ops_text = ", ".join(v for v, _ in operands)
        reg = ""
        if regions:
            reg = " (" + ", ".join(regions) + ")"
        attrs = self.attr_dict()
        # Properties of an unregistered op: opaque to upstream's alias walk.
        props = ""
        if r.random() < 0.25:
            if r.random() < 0.8:
                props = f" <{self.attr_dict() or '{}'}>"
            else:
                props = f" <{self.attr()}>"
        in_types = ", ".join(t for _, t in operands)
        # Parenthesized even for one result, which may be a function type.
        out_types = f"({', '.join(res_types)})"
        lines.append(f'{indent}{lhs}"{name}"({ops_text}){props}{reg} {attrs} : ({in_types}) -> {out_types}')
        for n, t in zip(result_names, res_types):
            values.append((n, t))
        return "\n".join(lines)

    def apply_op(self, indent, values):
        """`affine.apply`: a registered op whose map is a property (upstream visits it)."""
        r = self.rng
        indices = [v for v, t in values if t == "index"]
        dims = r.randint(0, min(2, len(indices)))
        syms = r.randint(0, min(1, len(indices) - dims))
        if r.random() < 0.4:
            m = self.amap()
            head = m[len("affine_map<"):].split(" -> ")[0]
            nd = head.split("[")[0].count("d")
            ns = head.split("[")[1].count("s") if "[" in head else 0
            if m.count(" -> ()") == 0 and "," not in m.split(" -> ")[1] and nd + ns <= len(indices):
                dims, syms = nd, ns
            else:
                m = None
        else:
            m = None
        if m is None:
            m = f"affine_map<{self.header(dims, syms)} -> ({self.expr(dims, syms)})>"
            self.map_pool.append(m)
        operands = r.sample(indices, dims + syms)
        name = f"%v{self.counter}"
        self.counter += 1
        values.append((name, "index"))
        attrs = self.attr_dict()
        types = ", ".join("index" for _ in operands)
        return f'{indent}{name} = "affine.apply"({", ".join(operands)}) <{{map = {m}}}> {attrs} : ({types}) -> index'

    def func_decl(self, indent):
        """A `func.func` declaration: maps in its properties (types and argument attributes)."""
        r = self.rng
        n = r.randint(0, 2)
        ins = [self.type_() for _ in range(n)]
        props = [f'function_type = ({", ".join(ins)}) -> ({self.type_()})', f'sym_name = "f{self.counter}"',
                 'sym_visibility = "private"']
        if n and r.random() < 0.6:
            props.append("arg_attrs = [" + ", ".join(f"{{x.m = {self.attr()}}}" for _ in range(n)) + "]")
        if r.random() < 0.3:
            props.append(f"res_attrs = [{{x.r = {self.amap()}}}]")
        self.counter += 1
        props.sort()
        return f'{indent}"func.func"() <{{{", ".join(props)}}}> ({{\n{indent}}}) {self.attr_dict()} : () -> ()'

    def region(self, indent, depth, outer):
        r = self.rng
        values = list(outer)
        nargs = r.randint(0, 2)
        args = []
        for _ in range(nargs):
            t = self.type_()
            name = f"%a{self.counter}"
            self.counter += 1
            args.append(f"{name}: {t}")
            values.append((name, t))
        lines = ["{", f"{indent}^bb0({', '.join(args)}):"]
        for _ in range(r.randint(0, 3)):
            lines.append(self.any_op(indent + "  ", values, depth))
        lines.append(f"{indent}}}")
        return "\n".join(lines)

    def any_op(self, indent, values, depth):
        c = self.rng.random()
        if c < 0.15:
            return self.apply_op(indent, values)
        if c < 0.2:
            name = f"%v{self.counter}"
            self.counter += 1
            values.append((name, "index"))
            return f'{indent}{name} = "test.index"() : () -> index'
        return self.op(indent, values, depth)

    def module(self):
        self.counter = 0
        self.distinct = 0
        values = []
        body = [self.any_op("  ", values, 0) for _ in range(self.rng.randint(1, 6))]
        if self.rng.random() < 0.3:
            body.append(self.func_decl("  "))
        return '"builtin.module"() ({\n' + "\n".join(body) + "\n}) : () -> ()\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    for i in range(args.count):
        text = Gen(rng).module()
        with open(os.path.join(args.out, f"case_{i:03d}.mlir"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
