'use strict';
/**
 * Retakes docs/editor.png: the Content Platform node (Get Many orders, executed, its Add Filter list
 * open to show the filters' labels) in the real n8n editor, 1400×900, with headless Chromium. A maintainer tool, never run by CI.
 *
 * Needs: Debian's chromium (`apt-get install -y chromium`) and playwright-core somewhere outside
 * the package (it is not a devDependency):
 *   npm install --prefix /tmp/shot playwright-core
 *   npm run demo -- --ui            # in another terminal; wait for "Press Ctrl-C"
 *   NODE_PATH=/tmp/shot/node_modules node e2e/screenshot.js [out.png]
 * Env: CHROMIUM (default /usr/bin/chromium), N8N_URL (default http://127.0.0.1:5678).
 */
const path = require('node:path');

let chromium;
try {
	({ chromium } = require('playwright-core'));
} catch {
	process.stderr.write(
		'playwright-core not found: npm install --prefix /tmp/shot playwright-core, then NODE_PATH=/tmp/shot/node_modules node e2e/screenshot.js\n',
	);
	process.exit(1);
}

const N8N = process.env.N8N_URL || 'http://127.0.0.1:5678';
const OUT = path.resolve(process.argv[2] || path.join(__dirname, '..', 'docs', 'editor.png'));

(async () => {
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
		],
	});
	try {
		const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
		// the owner account the demo's --ui mode creates (e2e/lib/n8n.js)
		await page.goto(`${N8N}/signin`, { waitUntil: 'networkidle' });
		await page.fill('input[type=email], input[name=emailOrLdapLoginId], input[name=email]', 'e2e@example.com');
		await page.fill('input[type=password]', 'E2e-password-123');
		await page.keyboard.press('Enter');
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30000 });
		// examples/orders-last-week.json
		await page.goto(`${N8N}/workflow/cpExampleOrders1`, { waitUntil: 'networkidle' });
		await page.waitForTimeout(3000);
		// open the node's panel: double-click the node's icon (its label sits below it)
		const label = page.getByText('Get recent orders').first();
		const box = await label.boundingBox();
		await page.mouse.dblclick(box.x + box.width / 2, box.y - 40);
		await page.waitForTimeout(2000);
		await page.locator('[data-test-id="node-execute-button"]').first().click({ force: true });
		await page.waitForTimeout(8000); // the run, then the "Node executed successfully" toast fades
		// open the Filters list: the labels users pick from (Customer ID, Not Fulfilled, ...)
		await page.locator('input[placeholder="Add Filter"]').first().click();
		await page.waitForTimeout(1500);
		await page.screenshot({ path: OUT });
		process.stdout.write(`wrote ${OUT}\n`);
	} finally {
		await browser.close();
	}
})().catch((error) => {
	process.stderr.write(`${error.stack || error}\n`);
	process.exit(1);
});
