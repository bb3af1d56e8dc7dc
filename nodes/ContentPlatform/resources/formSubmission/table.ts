/**
 * The Form Submission resource's table (type `form_submissions`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import { SITE_FILTER, str } from '../../shared/tables/values';
import type { ResourceTable } from '../../shared/tables/types';

/** Form Submission (type `form_submissions`): list and get (seed spec). */
export const formSubmissionTable: ResourceTable<'formSubmission'> = {
	value: 'formSubmission',
	displayName: 'Form Submission',
	hint: 'What people entered in forms (read only).',
	type: 'form_submissions',
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
				filters: [SITE_FILTER, str('form_id', 'Submissions of this form')],
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
