import { Context, DialectType, Type } from 'omnir';

/** Registers the quant dialect in `ctx` (idempotent). */
export function register(ctx: Context): void;

export interface UniformTypeParams {
  /** An integer type (`ui8`: unsigned storage), or its text. */
  storage: Type | string;
  /** A float type, or its text. */
  expressed: Type | string;
  /** Positive and finite. */
  scale: number;
  /** Default 0. */
  zeroPoint?: number | bigint;
}

/** `!quant.uniform<storage:expressed, scale:zeroPoint>`, made by the dialect library. */
export function uniformType(ctx: Context, params: UniformTypeParams): DialectType;

/** Whether `t` is a `!quant.uniform` type. */
export function isUniform(t: Type): boolean;

/** The parameters of a `!quant.uniform` type. */
export function params(t: Type): {
  storage: Type;
  expressed: Type;
  scale: number;
  zeroPoint: number | bigint;
  signed: boolean;
  storageMin: number | bigint;
  storageMax: number | bigint;
};

/** The TypeID value of `quant.uniform`. */
export function uniformTypeId(): number;
/** The TypeID value of `quant.QuantizedTypeInterface`. */
export function interfaceTypeId(): number;
/** The dialect library loaded with the addon. */
export const libraryPath: string;
