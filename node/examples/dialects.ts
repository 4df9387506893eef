// The generated dialect modules, typed: builders, getters and enums checked by tsc --strict.
import { Context, FunctionType, InsertionPoint, IntegerType, Location, Module } from 'omnir';
import * as arith from 'omnir/dialects/arith';
import * as func from 'omnir/dialects/func';

const ctx = new Context();
const loc = Location.unknown(ctx);
const m = Module.create(loc);
const i32 = IntegerType.get(32, 'signless', ctx);
const fn: func.FuncOp = func.FuncOp.create('add', FunctionType.get([i32, i32], [i32]), { loc, ip: new InsertionPoint(m.body) });
const entry = fn.operation.getRegion(0).appendBlock([i32, i32]);
new InsertionPoint(entry).run(() => {
  const sum: arith.AddIOp = arith.AddIOp.create(entry.getArgument(0), entry.getArgument(1), { loc, overflowFlags: 'nsw' });
  const less = arith.cmpi(arith.CmpIPredicate.slt, sum.result, entry.getArgument(0), { loc });
  func.return_([arith.select(less, sum.result, entry.getArgument(1), { loc })], { loc });
});
console.log(m.toString());
