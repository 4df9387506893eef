'use strict';
// omnir-node-dialect: a second native addon that loads the dialect `nd` (nd.irdl.mlir: a type
// `!nd.elem` implementing the memref element type interface, and `!nd.lane<width>`) into a
// context of the `omnir` package; its classes (nd.js) are generated from the same file.

const path = require('node:path');
const omnir = require('omnir');

const addon = require(path.join(__dirname, 'omnir_node_dialect.node'));
const nd = require('./nd');

/** Loads the dialect into `ctx` (an omnir Context), from the second addon, and returns the
 * type `!nd.elem` as that addon built it, with the TypeIDs the addon sees. */
function register(ctx) {
  const r = addon.register(ctx.rawPointer);
  return {
    elementType: omnir.Type.fromRaw(ctx, { context: r.context, id: r.typeIdInContext }),
    kindTypeId: r.kindTypeId,
    memrefElementInterface: r.memrefElementInterface,
    implementsMemrefElement: r.implementsMemrefElement,
  };
}

module.exports = { ...nd, register, typeIdOf: addon.typeIdOf, coreVersion: addon.coreVersion };
