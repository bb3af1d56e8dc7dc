#!/usr/bin/env node
'use strict';
/**
 * Traces how an operation is built and runs, as a reader follows it: for each walk below, first its
 * description built in a fresh process (`--describe`: the builders that made its fields and routing),
 * then one real execution through n8n's engine (n8n-core's
 * `WorkflowExecute`, as the tests run it: test/helpers/harness.ts) against the sandbox API
 * (test/sandbox/), under V8's precise coverage (node:inspector, `Profiler.startPreciseCoverage` with
 * call counts), and lists the functions of nodes/ and credentials/ that ran, file by file. Writes that
 * trace into docs/development.md between the markers `<!-- trace-walks:start -->` and
 * `<!-- trace-walks:end -->`.
 *
 *   node scripts/trace-walks.js            # prints the trace
 *   node scripts/trace-walks.js --write    # writes it into docs/development.md
 *   node scripts/trace-walks.js --check    # exits 1 when docs/development.md differs (CI: .ci/run)
 *
 * Each walk runs in a process of its own (`--walk <n>`), so each is a first execution, as after n8n
 * starts. In it: precise coverage starts before anything is loaded; the TypeScript sources are compiled
 * as they are required (TypeScript's `transpileModule` with tsconfig.json's options and a source map,
 * so a function's place is its place in the .ts file); the harness loads the node and its credentials
 * (what n8n does when it starts), the sandbox starts; the counts taken so far are dropped; then the
 * one execution runs and the counts are taken again. A function ran when V8 counted a call of it.
 * Nothing under nodes/ or credentials/ is left out, and no file is named here: the files are the ones
 * whose functions ran. A function is named as the source names it (`Class.method`, a function or
 * `const`, a property's key); one with no name of its own as a callback of the function around it.
 * Sorted by file, then by place in the file; no timings, no call counts, no line numbers (an edit
 * elsewhere in a file leaves the trace as it is), so the trace changes only when what runs changes.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const DOC = 'docs/development.md';
const START = '<!-- trace-walks:start -->';
const END = '<!-- trace-walks:end -->';
/** The folders whose functions are listed: the package's code. */
const TRACED = ['nodes', 'credentials'];

const rl = (value) => ({ __rl: true, mode: 'id', value });

/**
 * The walks: a title, what the execution does (a sentence of the doc), the sandbox's records besides
 * its seed, the node's parameters, and how many items the execution must return; and how the
 * operation's description is built (`description`: what it does, and `build`, given a function that
 * requires a .ts file of the repository), in a process where nothing else was loaded.
 */
const WALKS = [
	{
		title: 'Order → Get Many',
		what: "Return All over 250 orders (the seed's 40 and 210 more): 3 pages of 100, read with the default Parallel Page Requests",
		setup: (sandbox) => sandbox.insertMany('orders', 210, () => ({ relationships: { site: '1' } })),
		parameters: { resource: 'order', operation: 'getAll', returnAll: true },
		items: 250,
		description: {
			what: "Order has no folder of its own: the node builds its Get Many from the order table's row with the Get Many builder (`readOnlyResource`, ContentPlatform.node.ts), as traced here",
			build: (load) => {
				const { operationOf } = load('nodes/api/tables/registry.ts');
				load('nodes/ContentPlatform/builders/read.ts').getManyOperation(operationOf('order', 'getAll'));
			},
		},
	},
	{
		title: 'Contact → Create or Update',
		what: 'a new email on site 1: the lookup by email finds no contact, so the contact is created',
		setup: () => undefined,
		parameters: {
			resource: 'contact',
			operation: 'upsert',
			siteId: rl('1'),
			email: 'new.person@example.com',
			additionalFields: { name: 'New Person' },
		},
		items: 1,
		description: {
			what: 'its operation file loaded (`resources/contact/upsert.ts`), which builds the description from the contact table and the fields of Contact → Create',
			build: (load) => load('nodes/ContentPlatform/resources/contact/upsert.ts'),
		},
	},
];

// ---------------------------------------------------------------------------------------------
// The child: one walk under coverage
// ---------------------------------------------------------------------------------------------

/**
 * Compiles every .ts file required from now on with tsconfig.json's options; keeps each one's output
 * and source map in `compiled` (by file name). A relative import from the repository's own code names
 * its .ts file first, as for tsc (`./ContentPlatform.node` is ContentPlatform.node.ts, not the codex
 * file ContentPlatform.node.json beside it).
 */
function compileTypeScriptOnRequire(compiled) {
	const ts = require('typescript');
	const Module = require('node:module');
	const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
	const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
	const compilerOptions = { ...options, module: ts.ModuleKind.CommonJS, sourceMap: true, inlineSourceMap: false };
	delete compilerOptions.outDir;
	require.extensions['.ts'] = (module, filename) => {
		const out = ts.transpileModule(fs.readFileSync(filename, 'utf8'), { compilerOptions, fileName: filename });
		const text = out.outputText.replace(/\/\/# sourceMappingURL=\S*\s*$/, '');
		compiled.set(filename, { text, map: JSON.parse(out.sourceMapText) });
		module._compile(text, filename);
	};
	const resolve = Module._resolveFilename;
	const ownCode = (file) => file.startsWith(ROOT + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);
	Module._resolveFilename = function (request, parent, ...rest) {
		if (request.startsWith('.') && parent?.filename && ownCode(parent.filename)) {
			const typeScript = path.resolve(path.dirname(parent.filename), `${request}.ts`);
			if (fs.existsSync(typeScript)) return typeScript;
		}
		return resolve.call(this, request, parent, ...rest);
	};
}

/** Zero-based line and column of a character offset in a text. */
function position(text, offset) {
	const lines = text.slice(0, offset).split('\n');
	return { line: lines.length - 1, column: lines[lines.length - 1].length };
}

/**
 * The functions of nodes/ and credentials/ that V8 counted a call of in `scripts` (precise coverage),
 * each as `{ file, line, column }`: its place (zero-based) in the .ts file, through the source map of
 * its compilation (`compiled`). A module's own body is left out.
 */
function functionsThatRan(scripts, compiled) {
	const { SourceMap } = require('node:module');
	const { fileURLToPath } = require('node:url');
	const functions = [];
	for (const script of scripts) {
		const file = script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url;
		const relative = path.relative(ROOT, file).split(path.sep).join('/');
		if (!TRACED.some((dir) => relative.startsWith(`${dir}/`))) continue;
		const unit = compiled.get(file);
		if (!unit) throw new Error(`${relative} ran but was not compiled by this script`);
		const map = new SourceMap(unit.map);
		for (const fn of script.functions) {
			const [whole] = fn.ranges;
			// A module's own body: in a walk it ran when it was loaded, before the counts were dropped.
			if (whole.count === 0 || whole.startOffset === 0) continue;
			const at = position(unit.text, whole.startOffset);
			const entry = map.findEntry(at.line, at.column);
			if (entry.originalLine === undefined)
				throw new Error(`${relative}: no place in the source for ${fn.functionName || 'a function'}`);
			functions.push({ file: relative, line: entry.originalLine, column: entry.originalColumn });
		}
	}
	return functions;
}

/**
 * Runs walk `index` under precise coverage and prints, as JSON, the functions of nodes/ and
 * credentials/ that ran: `[{ file, line, column }]`, the place (zero-based) in the .ts file where each starts.
 */
async function traceOne(index) {
	const walk = WALKS[index];
	const inspector = require('node:inspector/promises');
	const session = new inspector.Session();
	session.connect();
	await session.post('Profiler.enable');
	await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });

	process.env.N8N_LOG_LEVEL ??= 'silent';
	const compiled = new Map();
	compileTypeScriptOnRequire(compiled);
	const { runNode } = require(path.join(ROOT, 'test/helpers/harness.ts'));
	const { createSandbox } = require(path.join(ROOT, 'test/sandbox'));

	const sandbox = await createSandbox();
	let result;
	try {
		await walk.setup(sandbox);
		await session.post('Profiler.takePreciseCoverage'); // drops the counts of loading and setup
		result = await runNode({
			parameters: walk.parameters,
			credentials: { contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } },
		});
	} finally {
		await sandbox.close();
	}
	const { result: scripts } = await session.post('Profiler.takePreciseCoverage');
	await session.post('Profiler.stopPreciseCoverage');
	session.disconnect();
	if (result.error) throw new Error(`${walk.title}: the execution failed: ${result.error.message}`);
	if (result.items.length !== walk.items)
		throw new Error(`${walk.title}: ${result.items.length} items, expected ${walk.items}`);

	process.stdout.write(JSON.stringify(functionsThatRan(scripts, compiled)));
}

/**
 * Builds walk `index`'s description under precise coverage in a process where nothing of the package
 * was loaded before, and prints, as JSON, the functions of nodes/ and credentials/ that ran while it
 * was built (module bodies left out: a file is listed when a function of it ran), as `traceOne`.
 */
async function describeOne(index) {
	const walk = WALKS[index];
	const inspector = require('node:inspector/promises');
	const session = new inspector.Session();
	session.connect();
	await session.post('Profiler.enable');
	await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
	const compiled = new Map();
	compileTypeScriptOnRequire(compiled);
	walk.description.build((file) => require(path.join(ROOT, file)));
	const { result: scripts } = await session.post('Profiler.takePreciseCoverage');
	await session.post('Profiler.stopPreciseCoverage');
	session.disconnect();
	process.stdout.write(JSON.stringify(functionsThatRan(scripts, compiled)));
}

// ---------------------------------------------------------------------------------------------
// The parent: the walks, named and written
// ---------------------------------------------------------------------------------------------

/** Runs walk `index` (`--walk`) or builds its description (`--describe`) in a process of its own; returns its functions (see `traceOne`). */
function traceInChild(index, mode = '--walk') {
	const child = spawnSync(process.execPath, [__filename, mode, String(index)], {
		cwd: ROOT,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	if (child.status !== 0)
		throw new Error(
			`${WALKS[index].title}: the traced run failed (exit ${child.status ?? child.signal})\n${child.stderr}`,
		);
	return JSON.parse(child.stdout);
}

/** The name a function has in its source: `Class.method`, a function's or `const`'s, a property's key; else undefined. */
function ownName(ts, node) {
	const text = (name) =>
		name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) ? name.text : undefined;
	const inClass = (name) => {
		const owner = node.parent;
		const className = owner && ts.isClassLike(owner) && owner.name ? owner.name.text : undefined;
		return className && name ? `${className}.${name}` : name;
	};
	if (ts.isConstructorDeclaration(node)) return inClass('constructor');
	if (ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) {
		const name = text(node.name);
		return ts.isClassLike(node.parent) ? inClass(name) : name;
	}
	if (ts.isFunctionDeclaration(node)) return text(node.name);
	if (ts.isFunctionExpression(node) && node.name) return node.name.text;
	let around = node.parent;
	while (
		around &&
		(ts.isParenthesizedExpression(around) || ts.isAsExpression(around) || ts.isSatisfiesExpression?.(around))
	)
		around = around.parent;
	if (around && ts.isVariableDeclaration(around) && ts.isIdentifier(around.name)) return around.name.text;
	if (around && ts.isPropertyAssignment(around)) return text(around.name);
	if (around && ts.isPropertyDeclaration(around)) return inClass(text(around.name));
	return undefined;
}

/** The function-like node of a source that starts at a place, else the innermost one around it. */
function functionAt(ts, source, line, column) {
	const offset = source.getPositionOfLineAndCharacter(line, column);
	let found;
	const visit = (node) => {
		if (offset < node.getFullStart() || offset >= node.getEnd()) return;
		if (ts.isFunctionLike(node) && node.body !== undefined && offset >= node.getStart(source)) found = node;
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

/** A function's label: its own name, or "callback in `<the named function around it>`". */
function labelOf(ts, node) {
	const name = ownName(ts, node);
	if (name) return `\`${name}\``;
	for (let around = node.parent; around; around = around.parent) {
		if (!ts.isFunctionLike(around)) continue;
		const outer = ownName(ts, around);
		if (outer) return `a callback in \`${outer}\``;
	}
	return 'a callback at the top of the file';
}

/** The markdown of one trace (`heading`, `what`): what ran, file by file, each file's functions in their order there. */
function walkMarkdown(ts, { heading, what }, functions) {
	const sources = new Map();
	const byFile = new Map();
	for (const fn of functions) {
		if (!sources.has(fn.file)) {
			const text = fs.readFileSync(path.join(ROOT, fn.file), 'utf8');
			sources.set(fn.file, ts.createSourceFile(fn.file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
		}
		const source = sources.get(fn.file);
		const node = functionAt(ts, source, fn.line, fn.column);
		// A helper TypeScript's compilation adds (on an import line) ran while a module loaded: not the source's.
		if (!node) continue;
		const start = node.getStart(source);
		if (!byFile.has(fn.file)) byFile.set(fn.file, new Map());
		byFile.get(fn.file).set(start, labelOf(ts, node));
	}
	const files = [...byFile.keys()].sort();
	const ran = files.reduce((sum, file) => sum + byFile.get(file).size, 0);
	const lines = [heading, '', `Traced: ${what}. ${ran} functions ran, in ${files.length} files:`, ''];
	for (const file of files) {
		const labels = [...byFile.get(file).entries()].sort((a, b) => a[0] - b[0]).map(([, label]) => label);
		const counted = [];
		for (const label of labels) {
			const last = counted[counted.length - 1];
			if (last && last.label === label) last.times++;
			else counted.push({ label, times: 1 });
		}
		const listed = counted.map(({ label, times }) => (times > 1 ? `${label} (${times})` : label)).join(', ');
		lines.push(`- \`${file}\`: ${listed}`);
	}
	return lines.join('\n');
}

/** The trace of every walk, as written between the markers. */
function trace() {
	const ts = require('typescript');
	const parts = WALKS.map((walk, index) =>
		[
			`### ${walk.title}`,
			walkMarkdown(
				ts,
				{ heading: '#### Its description', what: walk.description.what },
				traceInChild(index, '--describe'),
			),
			walkMarkdown(ts, { heading: '#### Its run', what: walk.what }, traceInChild(index)),
		].join('\n\n'),
	);
	const command = 'node scripts/trace-walks.js --write';
	return [
		`<!-- Generated by \`${command}\` (checked by --check in .ci/run); do not edit by hand. -->`,
		'',
		parts.join('\n\n'),
	].join('\n');
}

function main(argv) {
	const walkAt = argv.indexOf('--walk');
	if (walkAt !== -1) return traceOne(Number(argv[walkAt + 1]));
	const describeAt = argv.indexOf('--describe');
	if (describeAt !== -1) return describeOne(Number(argv[describeAt + 1]));
	const mode = argv.includes('--write') ? 'write' : argv.includes('--check') ? 'check' : 'print';
	const generated = trace();
	if (mode === 'print') {
		process.stdout.write(`${generated}\n`);
		return undefined;
	}
	const docPath = path.join(ROOT, DOC);
	const text = fs.readFileSync(docPath, 'utf8');
	const start = text.indexOf(START);
	const end = text.indexOf(END);
	if (start === -1 || end < start) throw new Error(`${DOC} lacks the markers ${START} … ${END}`);
	const updated = `${text.slice(0, start + START.length)}\n${generated}\n${text.slice(end)}`;
	if (mode === 'write') {
		if (updated !== text) fs.writeFileSync(docPath, updated);
		process.stdout.write(`trace-walks: ${DOC} ${updated === text ? 'already up to date' : 'written'}\n`);
	} else if (updated !== text) {
		process.stderr.write(
			`trace-walks: ${DOC}'s trace differs from a traced run: run \`node scripts/trace-walks.js --write\`\n`,
		);
		process.exitCode = 1;
	} else process.stdout.write(`trace-walks: ${DOC}'s trace matches a traced run (${WALKS.length} walks)\n`);
	return undefined;
}

Promise.resolve()
	.then(() => main(process.argv.slice(2)))
	.catch((error) => {
		process.stderr.write(`${error.stack || error.message}\n`);
		process.exit(1);
	});
