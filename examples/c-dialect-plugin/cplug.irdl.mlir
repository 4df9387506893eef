// The cplug dialect, as data: one parameterized type, `!cplug.elem<bits>`. The plugin embeds
// this file (cplug.c) and loads it into a context with omnir_dialect_load_definitions; its
// typed C functions (cplug_dialect.h: omnir_cplug_elem_type_get, ...) are generated from it
// at build time by the installed omnir-gen (build.sh). The memref element type interface
// is attached by the plugin with a method table: what a definition cannot say.
irdl.dialect @cplug {
  irdl.type @elem attributes {omnir.summary = "an element of 8, 16, 32 or 64 bits"} {
    %b8 = irdl.is 8 : i64
    %b16 = irdl.is 16 : i64
    %b32 = irdl.is 32 : i64
    %b64 = irdl.is 64 : i64
    %bits = irdl.any_of(%b8, %b16, %b32, %b64)
    irdl.parameters(bits: %bits)
  }
}
