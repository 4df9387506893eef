// The pixels dialect: what `omnir_pixels` defines, as data. The second extension (_pixels)
// loads this file into the context through the C API; the Python classes
// (_pixels_ops_gen.py: RgbType, PlaneType, ChannelAttr, ...) are generated from it by
// `python -m omnir.gen pixels --irdl-file pixels.irdl.mlir`. It is also the generator's
// test dialect for type and attribute kinds (tests/definitions/pixels.irdl.mlir links here).
irdl.dialect @pixels attributes {omnir.enums = {Channel = {width = 32, cases = ["r", "g", "b"], values = [0, 1, 2]}}} {
  // A pixel of 8 or 16 bits per channel; a memref element type.
  irdl.type @rgb attributes {omnir.interfaces = ["MemRefElementTypeInterface"], omnir.summary = "a pixel of three channels"} {
    %8 = irdl.is 8 : i64
    %16 = irdl.is 16 : i64
    %bits = irdl.any_of(%8, %16)
    irdl.parameters(bits: %bits)
  }
  // A plane of float samples with a label of any kind.
  irdl.type @plane {
    %label = irdl.any
    %f16 = irdl.is f16
    %f32 = irdl.is f32
    %f64 = irdl.is f64
    %float = irdl.any_of(%f16, %f32, %f64)
    irdl.parameters(elem: %float, label: %label)
  }
  irdl.type @raw_handle
  irdl.attribute @channel {
    %c = irdl.any {omnir.enum = "Channel"}
    irdl.parameters(value: %c)
  }
  irdl.attribute @named attributes {omnir.class_name = "NameAttr"} {
    %n = irdl.any {omnir.constraint = "StrAttr"}
    irdl.parameters(name: %n)
  }
}
