/**
 * The Form Submission resource's table (type `form_submissions`): its attributes, relationships and
 * endpoints with their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER } from '../filters';
import type { AttributeTable, ResourceTable } from '../types';
import { PERSON_ATTRIBUTES_ADDRESS } from './contact';

/**
 * Attributes of a form submission; the same set is the request body of form submit
 * (spec "form_submissions" and "POST /v1/forms/{id}/submit"). All strings.
 */
const FORM_SUBMISSION_ATTRIBUTES: AttributeTable = {
	name: 'string',
	email: 'string',
	phone_number: 'string',
	business_number: 'string',
	...PERSON_ATTRIBUTES_ADDRESS,
	custom_1: 'string',
	custom_2: 'string',
	custom_3: 'string',
};

/** Form Submission (type `form_submissions`): list and get (seed spec). */
export const formSubmissionTable: ResourceTable<'formSubmission', 'form_submissions'> = {
	value: 'formSubmission',
	displayName: 'Form Submission',
	hint: 'What people entered in forms (read only).',
	type: 'form_submissions',
	attributes: FORM_SUBMISSION_ATTRIBUTES,
	relationships: ['site', 'form'],
	search: { label: ['name', 'email'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/form_submissions',
			purpose: 'List form submissions',
			hint: 'Filter by Form ID. No Date Range: submissions carry no dates.',
			query: {
				sort: ['name', 'email', 'created_at'],
				page: true,
				filters: [SITE_FILTER, { name: 'form_id', type: 'string', description: 'Submissions of this form' }],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/form_submissions/{id}',
			purpose: 'Form submission details',
			hint: 'Include Related adds the form.',
			query: { include: ['site', 'form'] },
		},
	],
};
