/**
 * A request that failed, as the user sees it (`friendlyError`): a timeout says how long the API
 * was given, a cancellation says nothing more is sent, and any error has the credential's secrets
 * redacted from its message, description and details.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiRootAndSecrets, credentialTypeOf, type AnyContext } from './credentials';
import { redactError } from '../redaction';

/**
 * An error of a request, as the user sees it: a timeout says how long the API was given, and the
 * credential's secrets are redacted from the message, description and details.
 * @param credentialType The request's credential type, when the caller has decided it already.
 */
export async function friendlyError(
	context: AnyContext,
	error: unknown,
	options: { timeout?: number },
	credentialType: string = credentialTypeOf(context),
): Promise<unknown> {
	let secrets: string[] = [];
	try {
		secrets = (await apiRootAndSecrets(context, credentialType)).secrets;
	} catch {
		// The Base URL error itself holds no secret.
	}
	const failure = error as { message?: string; code?: string; cause?: { code?: string; message?: string } };
	const timedOut =
		[failure?.code, failure?.cause?.code].some((code) => code === 'ECONNABORTED' || code === 'ETIMEDOUT') ||
		/^timeout of \d+ms exceeded$/.test(failure?.cause?.message ?? failure?.message ?? '');
	if ([failure?.code, failure?.cause?.code].includes('ERR_CANCELED')) {
		return new NodeOperationError(context.getNode(), 'The execution was cancelled: no further request is sent');
	}
	if (timedOut && options.timeout) {
		const seconds = Math.round(options.timeout / 100) / 10;
		const timeoutError = new NodeApiError(context.getNode(), { httpCode: 'timeout' } as never, {
			message: `The Content Platform API did not answer within ${seconds} s`,
			description:
				'The request was abandoned after the node\'s Timeout. Raise "Timeout" in the node\'s Request Settings if the API is just slow, or try again later.',
		});
		return redactError(timeoutError, secrets);
	}
	return redactError(error, secrets);
}
