import { operationOf, recordActionOperation, type OperationDescription } from '../../shared/builders';

/** Purchase → Reactivate (supplement `POST /v1/purchases/{id}/reactivate`): the purchase by ID; the answer is the purchase after it. */
export const reactivate: OperationDescription = recordActionOperation(operationOf('purchase', 'reactivate'));
