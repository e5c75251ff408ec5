/**
 * graphql's `instanceOf` as its production build has it (plain `instanceof`), for the tests: outside production
 * graphql checks every failed `instanceof` for a second copy of itself from another realm (a string compare of
 * class names), and `isObjectType`, `isListType`, … fail that way all the time: 2–3 % of an e2e file's CPU. Jest runs
 * with NODE_ENV=test and the app's behaviour depends on it, so the module is swapped here instead (jest.config.js).
 */
exports.instanceOf = function instanceOf(value, constructor) {
  return value instanceof constructor;
};
