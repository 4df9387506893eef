// The nd dialect, as data: the second addon (src/lib.rs) embeds this file and loads it into a
// context of the `omnir` package through the C API; nd.js / nd.d.ts (ElemType, LaneType) are
// generated from it by the omnir package's generator:
//   npx omnir-gen nd --irdl-file nd.irdl.mlir --out-dir .
irdl.dialect @nd {
  // A memref element type without parameters.
  irdl.type @elem attributes {omnir.interfaces = ["MemRefElementTypeInterface"], omnir.summary = "an opaque element"}
  // A SIMD lane of 32 or 64 bits.
  irdl.type @lane attributes {omnir.summary = "a lane of 32 or 64 bits"} {
    %w32 = irdl.is 32 : i64
    %w64 = irdl.is 64 : i64
    %width = irdl.any_of(%w32, %w64)
    irdl.parameters(width: %width)
  }
}
