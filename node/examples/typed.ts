// A typed tour of omnir from TypeScript. `npm run typecheck` checks it (`tsc --noEmit
// --strict`); ci/test-node.sh also compiles it against the installed tarball and runs it.
import {
  Context, Module, Operation, InsertionPoint, Location, IntegerType, F32Type, FunctionType, MemRefType,
  RankedTensorType, ShapedType, IntegerAttr, StringAttr, TypeAttr, DictAttr, DenseElementsAttr, Attribute, Type,
  Dialect, SymbolTable, WalkResult, WalkOrder, MLIRError, StaleHandleError, OmnirError, TypeID, OpResult,
  BlockArgument, DialectType, Diagnostic, PassManager, OptionValue, DirectiveParser, DirectivePrinter, PrintFlags,
} from 'omnir';
import omnir from 'omnir';

const ctx = new Context({ allowUnregisteredDialects: true });
const i32: IntegerType = IntegerType.get(32, ctx);
const f32: F32Type = F32Type.get(ctx);
const width: number = i32.width;
const fnType: FunctionType = FunctionType.get([i32], [i32], ctx);
const tensor = RankedTensorType.get([4, ShapedType.DYNAMIC], f32);
const dims: number[] = tensor.shape;

const loc = Location.file('tour.mlir', 1, 1, ctx);
const mod: Module = Module.create(loc);
const func: Operation = Operation.create({
  name: 'func.func',
  regions: 1,
  ip: new InsertionPoint(mod.body),
  attributes: { sym_name: StringAttr.get('add', ctx), function_type: TypeAttr.get(fnType) },
});
const entry = func.getRegion(0).appendBlock([i32]);
const arg: BlockArgument = entry.getArgument(0);
const sum: OpResult = new InsertionPoint(entry).run(() => {
  const c = Operation.create({ name: 'arith.constant', results: [i32], attributes: { value: IntegerAttr.get(i32, 1) } });
  const add = Operation.create({ name: 'arith.addi', results: [i32], operands: [c.result, arg], loc });
  Operation.create({ name: 'func.return', operands: [add.result] });
  return add.result;
});
const ok: true = mod.operation.verify();
const text: string = mod.print({ debugInfo: true });

let count = 0;
const r: WalkResult = mod.operation.walk((op) => {
  count++;
  return op.name === 'func.func' ? WalkResult.SKIP : undefined;
}, WalkOrder.PRE_ORDER);

const value: Attribute | undefined = func.attributes.get('sym_name');
if (value instanceof StringAttr) console.log(value.value.toUpperCase());
const t: Type = sum.type;
if (t instanceof IntegerType) console.log(t.signedness);
const dict = DictAttr.get({ a: IntegerAttr.get(i32, 3n) }, ctx);
for (const [k, v] of dict) console.log(k, String(v));
const dense = DenseElementsAttr.get(RankedTensorType.get([2], i32), [1, 2]);
console.log(dense.values().length, MemRefType.get([4], i32).rank);

const toy = new Dialect('toy', ctx);
const Shape = toy.defineType('shape', {
  params: ['rank'],
  verifier: ([rank]) => (rank instanceof IntegerAttr && rank.value >= 0) || 'bad rank',
  interfaces: ['builtin.MemRefElementTypeInterface', { interface: 'toy.Ranked', methods: { rank: (self: DialectType) => self.params[0] } }],
});
const shape: DialectType = Shape.get(2);
const rank: Attribute | undefined = shape.callInterfaceMethod('toy.Ranked', 'rank');
const Add = toy.defineOperation('add', {
  operands: [['lhs', 'integer'], ['rhs', 'i32']],
  results: [['sum', 'integer']],
  traits: ['pure', 'commutative'],
  verifier: (op: Operation) => op.numOperands === 2,
});
const table = new SymbolTable(mod.operation);
const found: Operation | undefined = table.get('add');
const handler = ctx.attachDiagnosticHandler((d: Diagnostic) => d.severity === 'warning');
handler.detach();

try {
  Module.parse('broken', { context: ctx, filename: 'x.mlir' });
} catch (e) {
  if (e instanceof MLIRError) console.log(e.diagnostics.map((d) => d.message), e.status);
  else if (e instanceof StaleHandleError || e instanceof OmnirError) throw e;
}
const id: TypeID = TypeID.get('builtin.integer');
const pointer: bigint = ctx.rawPointer;
console.log(width, dims, ok, text.length, count, r, rank, Add.name, found?.name, id.equals(i32.typeId), pointer > 0n,
  omnir.version);

// Options, a pass and a rewrite pattern written in TypeScript, and a pipeline.
ctx.declareOption('tour.verbose', { type: 'bool', default: false, help: 'talk more' });
const verbose: OptionValue = ctx.withOptions({ 'tour.verbose': true }, () => ctx.getOption('tour.verbose'));
ctx.registerPass<{ prefix: string; times: number }>({
  argument: 'tour-tag',
  description: 'tags each function',
  options: [{ name: 'prefix', type: 'string', default: 'f' }, { name: 'times', type: 'int', default: 1 }],
  run(op: Operation, options) {
    op.attributes.set('tour.tag', StringAttr.get(`${options.prefix}${options.times}`, ctx));
  },
});
ctx.registerRewritePattern({ name: 'tour-noop', root: 'arith.addi', benefit: 1, rewrite: (op: Operation) => op.numOperands > 2 });
const pm: PassManager = PassManager.parse('builtin.module(func.func(tour-tag{prefix=t times=2}),canonicalize)', ctx)
  .enableTiming()
  .enableIrPrinting({ after: ['tour-tag'] });
pm.run(mod);
const report: string = pm.timingReport({ list: true });
console.log(String(pm), verbose, report.length > 0, pm.takeOutput().includes('tour.tag'));

// A dialect as data: a definition file with an assembly format, a verifier hook and a
// custom directive written in TypeScript; custom form by default, generic on request.
ctx.registerVerifierHook('tour.positive', (op: Operation) => op.numOperands > 0 || 'needs an operand');
ctx.loadDialectDefinitions(`irdl.dialect @tour {
  irdl.operation @sum attributes {omnir.assembly_format = "custom<Values>($values, type($values)) attr-dict", omnir.verifier = "tour.positive"} {
    %0 = irdl.any
    irdl.operands(values: variadic %0)
  }
}`, 'tour.irdl.mlir');
ctx.registerCustomDirective('tour', 'Values', {
  parse(p: DirectiveParser) {
    do {
      p.parseOperand(0);
      p.parsePunctuation(':');
      p.addType(1, p.parseType());
    } while (p.parseOptionalPunctuation(','));
  },
  print(p: DirectivePrinter) {
    for (let k = 0; k < p.numValues(0); k++) {
      if (k > 0) p.write(', ');
      p.printOperand(0, k);
      p.write(' : ');
      p.printType(p.getType(1, k));
    }
  },
});
const sums = Module.parse('%0 = "test.x"() : () -> i32\ntour.sum %0 : i32, %0 : i32\n', ctx);
const generic: PrintFlags = { generic: true };
if (!sums.toString().includes('tour.sum %0 : i32, %0 : i32') || !sums.print(generic).includes('"tour.sum"(%0, %0)')) {
  throw new Error(`unexpected print:\n${sums}`);
}
