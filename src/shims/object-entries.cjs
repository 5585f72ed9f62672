// node-polyglot (react-admin's translator) asks for the `object.entries` polyfill, which brings
// get-intrinsic, call-bind and some 50 other modules into the first visit. Every browser the
// console supports has Object.entries, so vite.config.ts points the package here.
module.exports = Object.entries;
