// The CommonJS entry point, typed (`require`).
import omnir = require('omnir');

const ctx = new omnir.Context();
const m: omnir.Module = omnir.Module.parse('"test.op"() : () -> ()', ctx);
const ops: omnir.Operation[] = m.body.operations;
console.log(ops.length, omnir.IntegerType.get(1, ctx).width);
