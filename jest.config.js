/** Jest: TypeScript tests under test/, run through ts-jest. */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// The build first when dist/ is missing or older than its sources (several tests read the built package).
	globalSetup: '<rootDir>/scripts/build-if-stale.js',
	// n8n's logger silent unless N8N_LOG_LEVEL is set: a passing run prints only jest's report;
	// no connection but to loopback (the tests are hermetic: test/helpers/loopback-only.ts).
	setupFiles: ['<rootDir>/test/helpers/quiet-logs.ts', '<rootDir>/test/helpers/loopback-only.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
	testTimeout: 60000,
};
