/**
 * The platform's webhook events as data (supplement section 5, "Webhooks": the event enum, the
 * scope each needs, the sample path and the `type` of each sample array item, in order).
 */

export interface HookEvent {
	/** The API's event name, sent as `event` and `filter[event_eq]`, for example `purchase`. */
	value: string;
	/** Shown name, for example "Purchase". */
	name: string;
	/** What happened, for the option's description. */
	meaning: string;
	/** Scopes the document names for the event. */
	scopes: string[];
	/**
	 * The `type` of the resource that triggered the event: the item's main record, the record
	 * "Confirm With API" reads back (`GET /v1/<type>/{id}`).
	 */
	primaryType: string;
	/** The `type` of every item of the sample payload, in the sample's order. */
	payloadTypes: string[];
	/**
	 * Related records the payload does not carry that the main record's detail can include
	 * (`GET /v1/<type>/{id}?include=<name>`): a switch reads the record back with them.
	 */
	include?: string;
	/**
	 * Whether the event moves money or access (a purchase, a payment, an order): from node version
	 * 2 on, "Confirm With API" is on by default for it (safe by default).
	 */
	confirmByDefault?: boolean;
	/**
	 * Whether the platform sends the event once per record (the record is created once: a purchase,
	 * a transaction, an order, a form submission), so a second delivery of the same record ID is a
	 * repeat whatever its payload (`repeats.ts`, `REPEAT_WINDOW_MS`). Tag events are not: a contact
	 * may gain the same tag again later.
	 */
	oncePerRecord?: boolean;
}

/** The six events (supplement section 5). The sample path is `/v1/hooks/<value>_sample`. */
export const HOOK_EVENTS: HookEvent[] = [
	{
		value: 'purchase',
		confirmByDefault: true,
		oncePerRecord: true,
		name: 'Purchase',
		meaning: 'a purchase is made',
		scopes: ['view:purchases'],
		primaryType: 'purchases',
		payloadTypes: ['purchases', 'offers', 'customers'],
	},
	{
		value: 'payment_succeeded',
		confirmByDefault: true,
		oncePerRecord: true,
		name: 'Payment Succeeded',
		meaning: 'a payment transaction succeeds',
		scopes: ['view:transactions'],
		primaryType: 'transactions',
		payloadTypes: ['transactions', 'customers'],
		// Release 1.1.0: the purchases one charge covers (one delivery per transaction, bundled or not).
		include: 'purchases',
	},
	{
		value: 'order_created',
		confirmByDefault: true,
		oncePerRecord: true,
		name: 'Order Created',
		meaning: 'an order is created',
		scopes: ['view:transactions', 'view:orders'],
		primaryType: 'orders',
		payloadTypes: ['transactions', 'customers', 'orders', 'order_items'],
	},
	{
		value: 'form_submission',
		oncePerRecord: true,
		name: 'Form Submission',
		meaning: 'a form is submitted',
		scopes: ['view:form_submissions'],
		primaryType: 'form_submissions',
		payloadTypes: ['form_submissions', 'forms'],
	},
	{
		value: 'tag_added',
		name: 'Tag Added',
		meaning: 'a tag is added to a contact',
		scopes: ['view:contacts'],
		primaryType: 'contacts',
		payloadTypes: ['contacts', 'contact_tags'],
	},
	{
		value: 'tag_removed',
		name: 'Tag Removed',
		meaning: 'a tag is removed from a contact',
		scopes: ['view:contacts'],
		primaryType: 'contacts',
		payloadTypes: ['contacts', 'contact_tags'],
	},
];

/**
 * Whether "Confirm With API" is on when the user left it unset: from node version 2 on, for the
 * events that move money or access (`confirmByDefault`); off for the other events and for every
 * event of version 1 (workflows saved with version 1 keep their behaviour).
 */
export function confirmsByDefault(event: HookEvent, nodeVersion: number): boolean {
	return nodeVersion >= 2 && event.confirmByDefault === true;
}

/** The event with this API name; undefined for an unknown name. */
export function hookEventByValue(value: string): HookEvent | undefined {
	return HOOK_EVENTS.find((event) => event.value === value);
}
