/**
 * API Version → Health Check, an operation with an answer of its own (docs/development.md, "The
 * operation-file rule").
 */
import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiErrorFromResponse, notJsonApiMessage } from '../../../api/errors';
import { redactValue } from '../../../api/redaction';
import { parseBody } from '../../../api/transport/answer';
import { operationOf, operationOption, type OperationDescription } from '../../builders/operation';
import { onFinalAnswer } from '../../routing/request';

/** What the version check's item says it is. */
export const HEALTH_CHECK = 'Content Platform API health check';

/**
 * postReceive of API Version → Health Check (`GET /v1/version`, section 9.5: no `data`, no token
 * needed): one item `{check, healthy, status, title, version, jsonApiVersion, documentation,
 * jsonApiSpecification}`; an error status fails in the server's words (503 is the only one
 * described).
 */
export const healthCheckItem = onFinalAnswer(function healthCheckItem(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	{ response, secrets },
): INodeExecutionData[] {
	const body = redactValue(parseBody(response.body), secrets) as IDataObject | undefined;
	if (response.statusCode >= 300) {
		throw apiErrorFromResponse(this.getNode(), { ...response, body: body as IN8nHttpFullResponse['body'] });
	}
	const meta = (body?.meta ?? undefined) as IDataObject | undefined;
	if (typeof body !== 'object' || body === null || typeof meta !== 'object' || meta === null) {
		throw new NodeApiError(
			this.getNode(),
			{ httpCode: String(response.statusCode) },
			{
				message: `The version answer has no "meta": ${notJsonApiMessage(body)}`,
				httpCode: String(response.statusCode),
			},
		);
	}
	const links = (body.links ?? {}) as IDataObject;
	const jsonapi = (body.jsonapi ?? {}) as IDataObject;
	return [
		{
			json: {
				check: HEALTH_CHECK,
				healthy: true,
				status: response.statusCode,
				title: meta.title ?? null,
				version: meta.version ?? null,
				jsonApiVersion: jsonapi.version ?? null,
				// The description spells the key "specficiation" (section 9.5); both spellings are read.
				jsonApiSpecification: jsonapi.specification ?? jsonapi.specficiation ?? null,
				documentation: links.documentation ?? null,
			},
			pairedItem: { item: this.getItemIndex() },
		},
	];
});

const option = operationOption(operationOf('apiVersion', 'healthCheck'));

/**
 * API Version → Health Check (supplement 9.5 `GET /v1/version`): no fields; the API needs no
 * token for it (n8n still sends the credential's); one item saying what it is (`healthCheckItem`).
 */
export const healthCheck: OperationDescription = {
	option: { ...option, routing: { ...option.routing, output: { postReceive: [healthCheckItem] } } },
	properties: [],
};
