/**
 * Child process of rendered-lint.test.ts: lints rendered sources with the project's own eslint
 * configuration (eslint.config.mjs in the working directory, as `n8n-node lint` does). Its
 * plugins are ES modules, which jest's CommonJS runtime cannot load, hence a separate process.
 * stdin: JSON `[{ filePath, source }]`; stdout: JSON `[{ filePath, messages: [{ line, ruleId, message }] }]`.
 */
import { ESLint } from 'eslint';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const results = [];
for (const { filePath, source } of JSON.parse(input)) {
	const [result] = await eslint.lintText(source, { filePath });
	results.push({
		filePath,
		messages: result.messages.map(({ line, ruleId, message }) => ({ line, ruleId, message })),
	});
}
process.stdout.write(JSON.stringify(results));
