// cse
func.func @br_merge(%a: i32) -> i32 {
  "test.a"() : () -> ()
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %y = "test.b"(%x) : (i32) -> i32
  return %y : i32
}

// -----

func.func @br_pass_through(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  cf.br ^bb3(%x, %b : i32, i32)
^bb2(%y: i32):
  cf.br ^bb3(%y, %a : i32, i32)
^bb3(%p: i32, %q: i32):
  "test.use"(%p, %q) : (i32, i32) -> ()
  return %p : i32
}

// -----

func.func @br_pass_through_arg_used(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb3(%a : i32)
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  cf.br ^bb3(%x : i32)
^bb3(%p: i32):
  return %p : i32
}

// -----

func.func @cond_br_const(%a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  return %x : i32
^bb2(%y: i32):
  %z = "test.z"(%y) : (i32) -> i32
  return %z : i32
}

// -----

func.func @cond_br_const_false(%a: i32, %b: i32) -> i32 {
  %f = arith.constant 0 : i1
  cf.cond_br %f, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  return %x : i32
^bb2(%y: i32):
  %z = "test.z"(%y) : (i32) -> i32
  return %z : i32
}

// -----

func.func @cond_br_same_successor(%c: i1, %a: i32, %b: i32) {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb1(%a, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  "test.use"(%x, %y) : (i32, i32) -> ()
  return
}

// -----

func.func @cond_br_same_successor_no_select(%c: i1, %d: i1, %a: i32, %b: i32) {
  cf.cond_br %d, ^bb0a, ^bb1(%b : i32)
^bb0a:
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return
}

// -----

func.func @cond_br_same_condition(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.a"() : () -> ()
  cf.cond_br %c, ^bb3, ^bb4
^bb2:
  "test.b"() : () -> ()
  cf.cond_br %c, ^bb3, ^bb4
^bb3:
  "test.c"() : () -> ()
  return
^bb4:
  "test.d"() : () -> ()
  return
}

// -----

func.func @cond_br_truth(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.a"(%c) : (i1) -> ()
  "test.a"(%c) : (i1) -> ()
  return
^bb2:
  "test.b"(%c) : (i1) -> ()
  return
}

// -----

func.func @cond_br_weights(%c: i1) {
  cf.cond_br %c weights([10, 90]), ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  "test.b"() : () -> ()
  return
^bb3:
  "test.a"() : () -> ()
  return
}

// -----

func.func @assert_true(%c: i1) {
  %t = arith.constant true
  cf.assert %t, "never"
  cf.assert %c, "maybe"
  return
}

// -----

func.func @switch_default_only(%f: i32, %a: f32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : f32)
  ]
^bb1(%x: f32):
  "test.use"(%x) : (f32) -> ()
  return
}

// -----

func.func @switch_cases_matching_default(%f: i32, %a: f32, %b: f32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : f32),
    10: ^bb1(%a : f32),
    20: ^bb2(%b : f32),
    30: ^bb1(%b : f32)
  ]
^bb1(%x: f32):
  "test.one"(%x) : (f32) -> ()
  return
^bb2(%y: f32):
  "test.two"(%y) : (f32) -> ()
  return
}

// -----

func.func @switch_const(%a: f32, %b: f32) {
  %c = arith.constant 20 : i32
  cf.switch %c : i32, [
    default: ^bb1(%a : f32),
    10: ^bb2(%a : f32),
    20: ^bb3(%b : f32)
  ]
^bb1(%x: f32):
  "test.one"(%x) : (f32) -> ()
  return
^bb2(%y: f32):
  "test.two"(%y) : (f32) -> ()
  return
^bb3(%z: f32):
  "test.three"(%z) : (f32) -> ()
  return
}

// -----

func.func @switch_const_negative(%a: f32, %b: f32) {
  %c = arith.constant -1 : i8
  cf.switch %c : i8, [
    default: ^bb1(%a : f32),
    255: ^bb2(%b : f32)
  ]
^bb1(%x: f32):
  "test.one"(%x) : (f32) -> ()
  return
^bb2(%y: f32):
  "test.two"(%y) : (f32) -> ()
  return
}

// -----

func.func @switch_pass_through(%f: i32, %a: f32, %b: f32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : f32),
    1: ^bb2(%b : f32),
    2: ^bb3
  ]
^bb1(%x: f32):
  cf.br ^bb4(%x : f32)
^bb2(%y: f32):
  cf.br ^bb4(%y : f32)
^bb3:
  "test.three"() : () -> ()
  return
^bb4(%z: f32):
  "test.four"(%z) : (f32) -> ()
  return
}

// -----

func.func @switch_same_flag(%f: i32, %a: f32, %b: f32) {
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2
  ]
^bb1:
  cf.switch %f : i32, [
    default: ^bb3(%a : f32),
    1: ^bb4(%a : f32),
    2: ^bb4(%b : f32)
  ]
^bb2:
  cf.switch %f : i32, [
    default: ^bb3(%b : f32),
    1: ^bb4(%a : f32),
    3: ^bb3(%a : f32)
  ]
^bb3(%x: f32):
  "test.three"(%x) : (f32) -> ()
  return
^bb4(%y: f32):
  "test.four"(%y) : (f32) -> ()
  return
}

// -----

func.func @loop_kept(%c: i1) {
  cf.br ^bb1
^bb1:
  "test.body"() : () -> ()
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}
