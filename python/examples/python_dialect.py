"""Defines a dialect from Python: a parameterized type usable as a memref element (the
interface is answered by the shared registry), and an operation with a verifier written in
Python whose failures come back as diagnostics."""

from __future__ import annotations

from typing import List, Optional

import omnir as ir


def verify_pixel(params: List[ir.Attribute]) -> Optional[str]:
    bits = params[0]
    if not isinstance(bits, ir.IntegerAttr) or bits.value not in (8, 16):
        return "pixel bits must be 8 or 16"
    return None


def verify_blend(op: ir.Operation) -> Optional[str]:
    if op.operands[0].type != op.operands[1].type:
        return "blended values must have the same type"
    return None


def main() -> None:
    with ir.Context(), ir.Location.unknown():
        img = ir.Dialect("img", allow_unknown_operations=True)
        pixel = img.define_type("pixel", ["bits"], verifier=verify_pixel, interfaces=[ir.MemRefElementTypeInterface])
        img.define_operation("blend", operands=["a", "b"], results=["out"], verifier=verify_blend)
        p8 = pixel.get(8)
        image = ir.MemRefType.get([64, 64], p8)
        print(image, "element is a pixel:", pixel.isinstance(image.element_type))
        try:
            pixel.get(3)
        except ir.MLIRError as e:
            print("refused:", e.error_diagnostics[0].message)
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            src = ir.Operation.create("img.load", results=[image, image])
            ir.Operation.create("img.blend", results=[image], operands=[src.results[0], src.results[1]])
        print("verified:", module.operation.verify())


if __name__ == "__main__":
    main()
