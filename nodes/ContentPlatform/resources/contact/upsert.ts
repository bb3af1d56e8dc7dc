/**
 * Contact → Create or Update's description: Create's fields and request, run by the request runner
 * as its own run, upsert.run.ts, which finds the contact by email first (docs/development.md, "The
 * operation-file rule"; the walk of this operation: "How a request flows").
 */
import {
	jsonApiWrite,
	operationOf,
	operationOption,
	runByRunner,
	type OperationDescription,
} from '../../builders/operation';
import { contactWriteFields } from './create';

const op = operationOf('contact', 'upsert');
const base = operationOption(op, jsonApiWrite(op.resource.type));

/**
 * Contact → Create or Update (find or create, docs/operations.md): the fields of Contact →
 * Create; under the email's lock the contact with this email on the site is looked up first
 * (`runCreateOrUpdate`, upsert.run.ts): found → `PATCH /v1/contacts/{id}` with the fields set (not the
 * email), none → `POST /v1/contacts`, and a create refused with "has already been taken" → the
 * PATCH of the contact looked up again. The item is the contact with `created: true|false`.
 */
export const upsert: OperationDescription = {
	option: runByRunner(base),
	properties: contactWriteFields(op),
};
