// Plain upstream IRDL (no omnir.* attribute anywhere): every constraint op and every
// variadicity, so that its operations verify exactly as upstream's IRDL verifies them.
// Used by core/tests/irdl_upstream_semantics.rs.
irdl.dialect @geo {
  // A marker type: no body at all.
  irdl.type @unit

  irdl.type @pair {
    %first = irdl.any
    %narrow = irdl.is i8
    %wide = irdl.is i16
    %either = irdl.any_of(%narrow, %wide)
    irdl.parameters(first: %first, second: %either)
  }

  irdl.attribute @tag {
    %v = irdl.any
    irdl.parameters(value: %v)
  }

  // Refers to itself: a chain ends in `index`.
  irdl.type @chain {
    %inner = irdl.any
    %link = irdl.parametric @geo::@chain<%inner>
    %end = irdl.is index
    %next = irdl.any_of(%link, %end)
    irdl.parameters(next: %next)
  }

  // A C++ predicate: upstream cannot run it and defines the type without parameters.
  irdl.type @opaque_pred {
    %p = irdl.c_pred "::llvm::isa<::mlir::IntegerAttr>($_self)"
    irdl.parameters(p: %p)
  }

  irdl.operation @exact {
    %i8 = irdl.is i8
    irdl.results(out: %i8)
  }

  irdl.operation @either {
    %i8 = irdl.is i8
    %i16 = irdl.is i16
    %any = irdl.any_of(%i8, %i16)
    irdl.results(out: %any)
  }

  irdl.operation @both {
    %i8 = irdl.is i8
    %i16 = irdl.is i16
    %any = irdl.any_of(%i8, %i16)
    %all = irdl.all_of(%any, %i16)
    irdl.results(out: %all)
  }

  irdl.operation @of_pair {
    %p = irdl.base @geo::@pair
    irdl.results(out: %p)
  }

  irdl.operation @int_type {
    %p = irdl.base "!builtin.integer"
    irdl.results(out: %p)
  }

  irdl.operation @labelled {
    %t = irdl.base @geo::@tag
    %w = irdl.base "#builtin.integer"
    irdl.attributes {"label" = %t, "width" = %w}
  }

  irdl.operation @pair_of {
    %a = irdl.any
    %i8 = irdl.is i8
    %p = irdl.parametric @geo::@pair<%a, %i8>
    irdl.results(out: %p)
  }

  // One constraint value for both results: they must be the same type.
  irdl.operation @twins {
    %i8 = irdl.is i8
    %i16 = irdl.is i16
    %any = irdl.any_of(%i8, %i16)
    irdl.results(a: %any, b: %any)
  }

  irdl.operation @middle {
    %i8 = irdl.is i8
    %i16 = irdl.is i16
    %i32 = irdl.is i32
    irdl.operands(head: single %i8, rest: variadic %i16, tail: %i32)
    irdl.results(r_head: %i8, r_rest: optional %i16, r_tail: %i32)
  }

  irdl.operation @groups {
    %i8 = irdl.is i8
    %i16 = irdl.is i16
    %i32 = irdl.is i32
    irdl.operands(many: variadic %i8, maybe: optional %i16, one: %i32)
  }

  irdl.operation @regioned {
    %plain = irdl.region
    %i8 = irdl.is i8
    %i16 = irdl.is i16
    %typed = irdl.region(%i8, %i16)
    %sized = irdl.region with size 2
    %bare = irdl.region()
    irdl.regions(plain: %plain, typed: %typed, sized: %sized, bare: %bare)
  }

  // The operand's type is also the region argument's.
  irdl.operation @carry {
    %v = irdl.any
    %body = irdl.region(%v)
    irdl.operands(init: %v)
    irdl.regions(body: %body)
  }
}
