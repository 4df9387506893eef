"""Wrappers keep their IR alive; erased IR raises StaleHandleError instead of crashing."""

from __future__ import annotations

import gc

import omnir as ir


def main() -> None:
    with ir.Context():
        module = ir.Module.parse('"t.outer"() ({ "t.inner"() : () -> () }) : () -> ()')
        inner = module.body.operations[0].regions[0].blocks[0].operations[0]
        del module
        gc.collect()
        print("still alive:", inner.name, "in", inner.parent.name if inner.parent else None)
        outer = inner.parent
        assert outer is not None
        outer.erase()
        try:
            inner.name
        except ir.StaleHandleError:
            print("inner is stale after its parent was erased")
        a = ir.Operation.create("t.x")
        b = ir.Module.create(loc=ir.Location.unknown())
        b.body.append(a)
        print("same op, equal wrappers:", b.body.operations[0] == a, hash(b.body.operations[0]) == hash(a))


if __name__ == "__main__":
    main()
