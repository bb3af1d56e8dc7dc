/**
 * The account's custom fields where users type contact data, through n8n's
 * engine and n8n-core's LoadOptionsContext against the sandbox: the resource mapper of Contact →
 * Create, Update, Create or Update and Form → Submit lists the custom fields of the record's site
 * by their titles (the plain `custom_1`..`custom_3` when the site has none), the mapped values go
 * out as the attributes they stand for, and contact items can carry the values under the titles.
 */
import type { ILoadOptionsFunctions, INodeParameters, ResourceMapperFields } from 'n8n-workflow';

import type { Sandbox } from './sandbox';
import { accessTokenCredentials, rl, runWith, useSandbox } from './helpers/fixtures';
import { loadOptionsContext } from './helpers/loadOptions';
import { ContentPlatform } from '../nodes/ContentPlatform/ContentPlatform.node';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

type MappingMethod = (this: ILoadOptionsFunctions) => Promise<ResourceMapperFields>;

/** Calls the node's resource mapper method as the editor does, with the node's parameters. */
async function mapperFields(parameters: INodeParameters) {
	const methods = new ContentPlatform().methods.resourceMapping as Record<string, MappingMethod>;
	const names = Object.keys(methods);
	expect(names).toEqual(['customFields']);
	sandbox.clearRequests();
	const result = await methods.customFields.call(
		loadOptionsContext({ parameters, credentials: accessTokenCredentials(sandbox), path: 'parameters.customFields' }),
	);
	return result.fields.map((f) => [f.id, f.displayName, f.required]);
}

const mapping = (value: Record<string, string>) => ({
	mappingMode: 'defineBelow',
	value,
	matchingColumns: [],
	schema: Object.keys(value).map((id) => ({
		id,
		displayName: id,
		required: false,
		defaultMatch: false,
		display: true,
	})),
});

describe('the resource mapper lists the custom fields of the site, by title', () => {
	test('Contact → Create on site 1: three fields; on site 2: one', async () => {
		expect(await mapperFields({ resource: 'contact', operation: 'create', siteId: rl('1') })).toEqual([
			['custom_1', 'Company', false],
			['custom_2', 'T-shirt size', false],
			['custom_3', 'Referral code', true],
		]);
		expect(sandbox.requests.map((r) => `${r.rawPath}?${decodeURIComponent(r.rawQuery)}`)).toEqual([
			expect.stringMatching(/^\/v1\/custom_fields\?.*filter\[site_id\]=1/),
		]);
		expect(await mapperFields({ resource: 'contact', operation: 'create', siteId: rl('2') })).toEqual([
			['custom_1', 'Membership number', false],
		]);
	});

	test('a site without custom fields sees the plain attributes', async () => {
		sandbox.insert('sites', { title: 'Empty', subdomain: 'empty' }, {}, { id: '3' });
		expect(await mapperFields({ resource: 'contact', operation: 'upsert', siteId: rl('3') })).toEqual([
			['custom_1', 'Custom 1', false],
			['custom_2', 'Custom 2', false],
			['custom_3', 'Custom 3', false],
		]);
	});

	test('Contact → Update: the fields of the contact’s site (never required)', async () => {
		const onSite2 = sandbox.insert('contacts', { email: 's2@example.com', name: 'S2' }, { site: '2' });
		expect(await mapperFields({ resource: 'contact', operation: 'update', contactId: rl(onSite2.id) })).toEqual([
			['custom_1', 'Membership number', false],
		]);
	});

	test('Form → Submit: the fields of the form’s site', async () => {
		const form = sandbox.store.forms[0];
		const site = (form.relationships.site.data as { id: string }).id;
		const titles = (await mapperFields({ resource: 'form', operation: 'submit', formId: rl(form.id) })).map(
			(f) => f[1],
		);
		expect(titles).toEqual(site === '1' ? ['Company', 'T-shirt size', 'Referral code'] : ['Membership number']);
	});
});

describe('mapped values go out as custom_N', () => {
	test('Contact → Create sends the mapped custom fields as attributes', async () => {
		const result = await runWith(sandbox, {
			resource: 'contact',
			operation: 'create',
			siteId: rl('1'),
			email: 'mapped@example.com',
			customFields: mapping({ custom_1: 'Acme', custom_3: 'REF-9' }),
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests[0].body).toMatchObject({
			data: { attributes: { email: 'mapped@example.com', custom_1: 'Acme', custom_3: 'REF-9' } },
		});
	});

	test('Contact → Update and Form → Submit too; empty values are not sent', async () => {
		await runWith(sandbox, {
			resource: 'contact',
			operation: 'update',
			contactId: rl('3'),
			customFields: mapping({ custom_2: 'XL', custom_1: '' }),
		});
		expect(sandbox.requests[0].body).toEqual({ data: { id: '3', type: 'contacts', attributes: { custom_2: 'XL' } } });
		const submitted = await runWith(sandbox, {
			resource: 'form',
			operation: 'submit',
			formId: rl('1'),
			submissionFields: { email: 'f@example.com' },
			customFields: mapping({ custom_1: 'Acme' }),
		});
		expect(submitted.error).toBeUndefined();
		expect(sandbox.requests[0].body).toMatchObject({
			data: { attributes: { email: 'f@example.com', custom_1: 'Acme' } },
		});
	});
});

describe('contact items can carry the custom fields under their titles', () => {
	test('Contact → Get with Options → Custom Fields by Title', async () => {
		sandbox.find('contacts', '1')!.attributes.custom_1 = 'Acme';
		const result = await runWith(sandbox, {
			resource: 'contact',
			operation: 'get',
			contactId: rl('1'),
			options: { customFieldTitles: true },
		});
		expect(result.error).toBeUndefined();
		const contact = sandbox.find('contacts', '1')!;
		const site = (contact.relationships.site.data as { id: string }).id;
		const value = (handle: string) => contact.attributes[handle] ?? null;
		expect(result.items[0].json.custom_fields).toEqual(
			site === '1'
				? { Company: 'Acme', 'T-shirt size': value('custom_2'), 'Referral code': value('custom_3') }
				: { 'Membership number': 'Acme' },
		);
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual(['/v1/contacts/1', '/v1/custom_fields']);
	});

	test('Contact → Get Many: one custom fields request per site and page, not per contact', async () => {
		const result = await runWith(sandbox, {
			resource: 'contact',
			operation: 'getAll',
			limit: 10,
			options: { customFieldTitles: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(10);
		expect(result.items.every((i) => typeof i.json.custom_fields === 'object')).toBe(true);
		expect(sandbox.requests.filter((r) => r.rawPath === '/v1/custom_fields').length).toBeLessThanOrEqual(2);
	});
});
