/** Every event of the trigger with the sandbox type it polls (for tests and the bench that go over all of them). */
export const EVENT_TYPES: Array<[event: string, type: string]> = [
	['newOrder', 'orders'],
	['newTransaction', 'transactions'],
	['newFormSubmission', 'form_submissions'],
	['newContact', 'contacts'],
	['newCustomer', 'customers'],
	['newOrderItem', 'order_items'],
	['newPurchase', 'purchases'],
];
