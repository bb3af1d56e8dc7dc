import { operationOf, recordActionOperation, type OperationDescription } from '../../shared/builders';

/** Purchase → Cancel Subscription (supplement `POST /v1/purchases/{id}/cancel_subscription`): the purchase by ID; the answer is the purchase after it. */
export const cancelSubscription: OperationDescription = recordActionOperation(
	operationOf('purchase', 'cancelSubscription'),
);
