import type { Attribute, Context, Location, OpResult, Operation, Region, Value } from 'omnir';

/** A typed view of an operation (MLIR's OpView); generated op classes extend it. */
export class OpView {
  constructor(operation: Operation | OpView);
  readonly operation: Operation;
  readonly name: string;
  readonly context: Context;
  readonly location: Location;
  readonly operands: Value[];
  readonly results: OpResult[];
  readonly result: OpResult;
  readonly attributes: Operation['attributes'];
  readonly regions: Region[];
  verify(): boolean;
  toString(): string;
}
export type { Attribute };
