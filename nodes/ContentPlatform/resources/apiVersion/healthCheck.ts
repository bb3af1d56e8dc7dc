/**
 * API Version → Health Check, an operation with an answer of its own (docs/development.md, "The
 * operation-file rule").
 */
import { operationOf, operationOption, type OperationDescription } from '../../builders/operation';
import { healthCheckItem } from '../../outputs';

const option = operationOption(operationOf('apiVersion', 'healthCheck'));

/**
 * API Version → Health Check (supplement 9.5 `GET /v1/version`): no fields; the API needs no
 * token for it (n8n still sends the credential's); one item saying what it is (`healthCheckItem`).
 */
export const healthCheck: OperationDescription = {
	option: { ...option, routing: { ...option.routing, output: { postReceive: [healthCheckItem] } } },
	properties: [],
};
