'use strict';
// omnir-node-dialect: a second native addon that defines the dialect `nd` (a type `!nd.elem`
// implementing the memref element type interface) in a context of the `omnir` package.

const path = require('node:path');
const omnir = require('omnir');

const addon = require(path.join(__dirname, 'omnir_node_dialect.node'));

/** Registers the dialect in `ctx` (an omnir Context) and returns the type `!nd.elem` (an
 * omnir DialectType) with the TypeIDs the addon sees. */
function register(ctx) {
  const r = addon.register(ctx.rawPointer);
  return {
    elementType: omnir.Type.fromRaw(ctx, { context: r.context, id: r.typeIdInContext }),
    kindTypeId: r.kindTypeId,
    memrefElementInterface: r.memrefElementInterface,
    implementsMemrefElement: r.implementsMemrefElement,
  };
}

module.exports = { register, typeIdOf: addon.typeIdOf, coreVersion: addon.coreVersion };
