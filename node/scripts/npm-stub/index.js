'use strict';
// See package.json.
module.exports = {};
