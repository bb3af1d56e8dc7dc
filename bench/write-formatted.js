'use strict';
/**
 * Writes a bench report (markdown) the way `prettier --write` leaves it, with the repository's
 * Prettier config, so that `npm run format:check` (which covers bench/) passes after a bench run.
 * Used by bench/n8n-parallel.js (N8N-PARALLEL.md) and bench/n8n-big-account.js (RESULTS.md).
 */
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');

/**
 * Writes `text` to `file`, then formats the file in place with the project's Prettier.
 * @param {string} file absolute path of a markdown file under bench/
 * @param {string} text its new content
 * @throws when the file cannot be written or Prettier fails
 */
function writeFormatted(file, text) {
	fs.writeFileSync(file, text);
	const prettier = require.resolve('prettier/bin/prettier.cjs', { paths: [__dirname] });
	execFileSync(process.execPath, [prettier, '--write', file], { stdio: 'ignore' });
}

module.exports = { writeFormatted };
