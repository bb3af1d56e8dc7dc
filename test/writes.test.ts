/**
 * The three writes through n8n's engine: the exact JSON:API body the sandbox
 * received, its `Content-Type: application/vnd.api+json`, method and path, and what the write did
 * (the sandbox's store) and returned.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import { JSON_API, rl, runWith, specAttributes, useSandbox } from './helpers/fixtures';

let sandbox: Sandbox;
useSandbox((started) => {
	sandbox = started;
});

/** Runs the node; expects one successful write request with the JSON:API headers and returns it. */
async function onlyWrite(parameters: INodeParameters) {
	const result = await runWith(sandbox, parameters);
	expect(result.error).toBeUndefined();
	expect(sandbox.requests).toHaveLength(1);
	const request: RecordedRequest = sandbox.requests[0];
	expect(request.headers['content-type']).toBe(JSON_API);
	expect(request.headers.accept).toBe(JSON_API);
	expect(request.headers.authorization).toBe(`Bearer ${sandbox.token}`);
	expect(request.rawQuery).toBe('');
	expect(request.status).toBeLessThan(300);
	return { request, items: result.items.map((item) => item.json) };
}

describe('Contact Note → Create', () => {
	test('POST /v1/contact_notes with data.type, attributes.body and the contact relationship', async () => {
		const before = sandbox.store.contact_notes.length;
		const { request, items } = await onlyWrite({
			resource: 'contactNote',
			operation: 'create',
			contactId: rl('3'),
			body: 'Called about the renewal.\nWill call back on Monday.',
		});
		expect(request.method).toBe('POST');
		expect(request.rawPath).toBe('/v1/contact_notes');
		expect(request.status).toBe(201);
		expect(request.body).toEqual({
			data: {
				type: 'contact_notes',
				attributes: { body: 'Called about the renewal.\nWill call back on Monday.' },
				relationships: { contact: { data: { id: '3', type: 'contacts' } } },
			},
		});
		expect(sandbox.store.contact_notes).toHaveLength(before + 1);
		const created = sandbox.store.contact_notes[before];
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			id: created.id,
			type: 'contact_notes',
			body: created.attributes.body,
			contact_id: '3',
		});
	});

	test('the contact ID is trimmed in the body', async () => {
		const { request } = await onlyWrite({
			resource: 'contactNote',
			operation: 'create',
			contactId: rl('  2 '),
			body: 'Prefers email',
		});
		expect(request.body).toEqual({
			data: {
				type: 'contact_notes',
				attributes: { body: 'Prefers email' },
				relationships: { contact: { data: { id: '2', type: 'contacts' } } },
			},
		});
	});

	test('the contact ID from an expression on the input item', async () => {
		const result = await runWith(
			sandbox,
			{
				resource: 'contactNote',
				operation: 'create',
				contactId: rl('={{ $json.contact }}'),
				body: '={{ "Note for " + $json.contact }}',
			},
			{ input: [{ contact: 5 }] },
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests[0].body).toEqual({
			data: {
				type: 'contact_notes',
				attributes: { body: 'Note for 5' },
				relationships: { contact: { data: { id: '5', type: 'contacts' } } },
			},
		});
	});
});

describe('Contact → Update', () => {
	test('PATCH with data.id, data.type and only the attributes that were set', async () => {
		const { request, items } = await onlyWrite({
			resource: 'contact',
			operation: 'update',
			contactId: rl('6'),
			updateFields: { address_city: 'Lisbon', custom_2: 'vip' },
		});
		expect(request.method).toBe('PATCH');
		expect(request.rawPath).toBe('/v1/contacts/6');
		expect(request.body).toEqual({
			data: { id: '6', type: 'contacts', attributes: { address_city: 'Lisbon', custom_2: 'vip' } },
		});
		expect(sandbox.find('contacts', '6')?.attributes).toMatchObject({ address_city: 'Lisbon', custom_2: 'vip' });
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ id: '6', type: 'contacts', address_city: 'Lisbon', custom_2: 'vip' });
	});

	test.each([true, false])('subscribed is sent as the boolean %s', async (subscribed) => {
		const { request } = await onlyWrite({
			resource: 'contact',
			operation: 'update',
			contactId: rl('7'),
			updateFields: { subscribed },
		});
		expect(request.body).toEqual({ data: { id: '7', type: 'contacts', attributes: { subscribed } } });
		expect(sandbox.find('contacts', '7')?.attributes.subscribed).toBe(subscribed);
	});

	test('every attribute the spec lists for PATCH /v1/contacts/{id} can be set', async () => {
		// The spec's PATCH attribute list: the contacts table without the timestamps.
		const names = specAttributes('contacts').filter((name) => !name.endsWith('_at'));
		expect(names).toHaveLength(15);
		const updateFields = Object.fromEntries(
			names.map((name) => [
				name,
				name === 'subscribed' ? true : name === 'email' ? 'new.address@example.com' : `new ${name}`,
			]),
		);
		const { request } = await onlyWrite({ resource: 'contact', operation: 'update', contactId: rl('8'), updateFields });
		expect(request.body).toEqual({ data: { id: '8', type: 'contacts', attributes: updateFields } });
	});

	test('tag IDs typed as a comma list → top-level relationships.tags.data, a sibling of data', async () => {
		const { request } = await onlyWrite({
			resource: 'contact',
			operation: 'update',
			contactId: rl('6'),
			updateFields: { phone_number: '+1 555 0100', tagIds: ' 1, 3 ,,5' },
		});
		expect(request.body).toEqual({
			data: { id: '6', type: 'contacts', attributes: { phone_number: '+1 555 0100' } },
			relationships: {
				tags: {
					data: [
						{ id: '1', type: 'contact_tags' },
						{ id: '3', type: 'contact_tags' },
						{ id: '5', type: 'contact_tags' },
					],
				},
			},
		});
		expect(sandbox.find('contacts', '6')?.relationships.tags.data).toEqual([
			{ id: '1', type: 'contact_tags' },
			{ id: '3', type: 'contact_tags' },
			{ id: '5', type: 'contact_tags' },
		]);
	});

	test('tag IDs as an array from an expression (strings and numbers)', async () => {
		const { request } = await onlyWrite({
			resource: 'contact',
			operation: 'update',
			contactId: rl('6'),
			updateFields: { tagIds: '={{ ["2", 4] }}' },
		});
		expect(request.body).toEqual({
			data: { id: '6', type: 'contacts', attributes: {} },
			relationships: {
				tags: {
					data: [
						{ id: '2', type: 'contact_tags' },
						{ id: '4', type: 'contact_tags' },
					],
				},
			},
		});
	});

	test('tag IDs from an expression on the input item', async () => {
		const result = await runWith(
			sandbox,
			{
				resource: 'contact',
				operation: 'update',
				contactId: rl('={{ $json.id }}'),
				updateFields: { tagIds: '={{ $json.tags }}' },
			},
			{ input: [{ id: '9', tags: ['1', '2'] }] },
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests[0].rawPath).toBe('/v1/contacts/9');
		expect(sandbox.requests[0].body).toEqual({
			data: { id: '9', type: 'contacts', attributes: {} },
			relationships: {
				tags: {
					data: [
						{ id: '1', type: 'contact_tags' },
						{ id: '2', type: 'contact_tags' },
					],
				},
			},
		});
	});

	test('without Tag IDs there is no relationships member', async () => {
		const { request } = await onlyWrite({
			resource: 'contact',
			operation: 'update',
			contactId: rl('10'),
			updateFields: { name: 'Ada Lovelace' },
		});
		expect(request.body).not.toHaveProperty('relationships');
		expect(request.body).not.toHaveProperty('data.relationships');
	});

	test('the ID in the path and in data.id is the same trimmed ID', async () => {
		const { request } = await onlyWrite({
			resource: 'contact',
			operation: 'update',
			contactId: rl(' 11 '),
			updateFields: { custom_1: 'x' },
		});
		expect(request.rawPath).toBe('/v1/contacts/11');
		expect(request.body).toEqual({ data: { id: '11', type: 'contacts', attributes: { custom_1: 'x' } } });
	});
});

describe('Form → Submit', () => {
	test('POST /v1/forms/{id}/submit with data.type and the attributes set', async () => {
		const before = sandbox.store.form_submissions.length;
		const { request, items } = await onlyWrite({
			resource: 'form',
			operation: 'submit',
			formId: rl('3'),
			submissionFields: { email: 'lin@example.com', name: 'Lin', custom_2: 'webinar', address_country: 'PT' },
		});
		expect(request.method).toBe('POST');
		expect(request.rawPath).toBe('/v1/forms/3/submit');
		expect(request.status).toBe(201);
		expect(request.body).toEqual({
			data: {
				type: 'form_submissions',
				attributes: { email: 'lin@example.com', name: 'Lin', custom_2: 'webinar', address_country: 'PT' },
			},
		});
		expect(sandbox.store.form_submissions).toHaveLength(before + 1);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			id: sandbox.store.form_submissions[before].id,
			type: 'form_submissions',
			email: 'lin@example.com',
			name: 'Lin',
			custom_2: 'webinar',
			address_country: 'PT',
			form_id: '3',
		});
	});

	test("all 13 string fields of the spec's submit body", async () => {
		const names = specAttributes('form_submissions');
		expect(names).toHaveLength(13);
		const submissionFields = Object.fromEntries(
			names.map((name) => [name, name === 'email' ? 'all.fields@example.com' : `value of ${name}`]),
		);
		const { request } = await onlyWrite({ resource: 'form', operation: 'submit', formId: rl('1'), submissionFields });
		expect(request.body).toEqual({ data: { type: 'form_submissions', attributes: submissionFields } });
	});
});

describe('Simplify on writes: the answered resource object flattened (default), or raw with Simplify off', () => {
	const WRITES: Array<{
		name: string;
		parameters: INodeParameters;
		simple: Record<string, unknown>;
		raw: Record<string, unknown>;
	}> = [
		{
			name: 'Contact Note → Create',
			parameters: { resource: 'contactNote', operation: 'create', contactId: rl('4'), body: 'Raw or simple' },
			simple: { type: 'contact_notes', body: 'Raw or simple', contact_id: '4' },
			raw: {
				type: 'contact_notes',
				attributes: { body: 'Raw or simple' },
				relationships: { contact: { data: { id: '4', type: 'contacts' } } },
			},
		},
		{
			name: 'Contact → Update',
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: rl('9'),
				updateFields: { custom_3: 'raw or simple' },
			},
			simple: { id: '9', type: 'contacts', custom_3: 'raw or simple' },
			raw: { id: '9', type: 'contacts', attributes: { custom_3: 'raw or simple' } },
		},
		{
			name: 'Form → Submit',
			parameters: {
				resource: 'form',
				operation: 'submit',
				formId: rl('2'),
				submissionFields: { email: 'raw@example.com' },
			},
			simple: { type: 'form_submissions', email: 'raw@example.com', form_id: '2' },
			raw: {
				type: 'form_submissions',
				attributes: { email: 'raw@example.com' },
				relationships: { form: { data: { id: '2', type: 'forms' } } },
			},
		},
	];

	test.each(WRITES)('$name', async ({ parameters, simple, raw }) => {
		const byDefault = await onlyWrite(parameters);
		expect(byDefault.items).toHaveLength(1);
		expect(byDefault.items[0]).toMatchObject(simple);
		expect(byDefault.items[0]).not.toHaveProperty('attributes');
		expect(byDefault.items[0]).not.toHaveProperty('relationships');

		const off = await onlyWrite({ ...parameters, simple: false });
		expect(off.items).toHaveLength(1);
		expect(off.items[0]).toMatchObject(raw);
		expect(
			Object.keys(off.items[0]).filter((key) => !['id', 'type', 'attributes', 'relationships', 'links'].includes(key)),
		).toEqual([]);
	});
});
