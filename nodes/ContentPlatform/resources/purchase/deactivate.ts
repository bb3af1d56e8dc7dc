import { operationOf, recordActionOperation, type OperationDescription } from '../../shared/builders';

/** Purchase → Deactivate (supplement `POST /v1/purchases/{id}/deactivate`): the purchase by ID; the answer is the purchase after it. */
export const deactivate: OperationDescription = recordActionOperation(operationOf('purchase', 'deactivate'));
