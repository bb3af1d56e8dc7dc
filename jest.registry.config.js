/**
 * Jest for the checks that need the npm registry (`npm run test:registry`; `.ci/run` runs it as its own
 * step): test/registry/*.registry.ts. Not part of `npm test`, which talks to 127.0.0.1 only.
 */
const base = require('./jest.config');

module.exports = {
	...base,
	testMatch: ['**/test/registry/*.registry.ts'],
	// The registry is the point here: no loopback guard.
	setupFiles: base.setupFiles.filter((file) => !file.endsWith('loopback-only.ts')),
};
