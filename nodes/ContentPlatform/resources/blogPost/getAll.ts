import { getManyOperation, operationOf } from '../../shared/builders';

/** Blog Post → Get Many (supplement `GET /v1/blog_posts`): Return All / Limit, the filters, sort and fields of the spec row (spec.supplement.ts). */
export const getAll = getManyOperation(operationOf('blogPost', 'getAll'));
