// The ub dialect (upstream's UBOps.td), as omnir ships it: undefined behaviour markers.
irdl.dialect @ub attributes {omnir.ods} {
  irdl.attribute @poison {
  }

  irdl.operation @poison attributes {omnir.assembly_format = "attr-dict (`<` $value^ `>`)? `:` type($result)", omnir.default_texts = {value = "#ub.poison"}, omnir.traits = ["ConstantLike", "Pure"], omnir.summary = "Poisoned constant operation.", omnir.description = "A value whose use is undefined behaviour unless it is only passed along (as LLVM's poison)."} {
    %t = irdl.any {omnir.constraint = "AnyType"}
    %v = irdl.any {omnir.constraint = "AnyAttr"}
    irdl.results(result: %t)
    irdl.attributes {"value" = %v}
  }

  irdl.operation @unreachable attributes {omnir.assembly_format = "attr-dict", omnir.traits = ["Terminator"], omnir.summary = "Unreachable operation.", omnir.description = "Marks a point that control flow never reaches."} {
  }
}
