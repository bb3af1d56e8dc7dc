/**
 * The words n8n's AI builders read about the package beyond the hints of the tables (a resource's,
 * an operation's and a filter row's: `ResourceTable.hint`, `EndpointRow.hint`, `FilterRow.hint`,
 * the site filter's among them), as data: the three nodes' `searchHint` and what each is to the
 * others, the n8n nodes each is paired with, and the `propertyHint` of the other fields builders
 * get wrong. `api/properties/builderHint.ts` puts them into the nodes' `builderHint`; the builder
 * prints them as `@builderHint` lines (npm `@n8n/ai-utilities`, node-catalog `search.js`;
 * `@n8n/workflow-sdk` generate-types); `docs/ai-builder.md` shows the result
 * (`node scripts/builder-view.js`). Plain words for a model: no n8n expression syntax and no
 * connection-type names. n8n 1.x ignores these fields (its `INodeTypeDescription` has none).
 */
import type { IParameterBuilderHint, IRelatedNode } from 'n8n-workflow';

/** The package's node types, as n8n names them (`<package>.<node name>`). */
export const PACKAGE_NODES = {
	action: 'n8n-nodes-content-platform.contentPlatform',
	polling: 'n8n-nodes-content-platform.contentPlatformTrigger',
	webhook: 'n8n-nodes-content-platform.contentPlatformWebhookTrigger',
} as const;

/** One of the package's three nodes. */
export type PackageNode = keyof typeof PACKAGE_NODES;

/**
 * Each node's `searchHint` (when to pick it, polling or instant, which IDs it needs) and what it
 * is to the other two nodes (the `relationHint` they list it with).
 */
export const NODE_WORDS: Record<PackageNode, { searchHint: string; asRelated: string }> = {
	action: {
		searchHint:
			'Reads and changes data of a creator platform (courses, memberships, offers, contacts, customers, orders, purchases, payments, tags, forms). Most operations need a record ID: find it first with the Get Many of that resource (Contact → Get Many with Search finds a person by name or email). To add or update a person by email use Contact → Create or Update; to give access after a sale use Contact → Grant Offers by Email. Accounts with several sites need a Site ID (Site → Get Many).',
		asRelated: 'Reads the full record or acts on it (grant offers, tag a contact) after the trigger fires',
	},
	polling: {
		searchHint:
			'Starts a workflow when new records appear: orders, transactions, form submissions, contacts, customers, order items, purchases. It polls on a schedule and catches up on records created while n8n was down; use it where the platform sends no webhook (new contacts, new customers). For instant events use the Content Platform Webhook Trigger.',
		asRelated: 'Polling start for new contacts, customers, orders and more; catches up after downtime',
	},
	webhook: {
		searchHint:
			'Starts a workflow at once when the platform sends an event: purchase, payment succeeded, order created, form submission, tag added or removed. It registers its hook itself when the workflow is activated; needs the Site ID (Site → Get Many). For new contacts or customers use the polling Content Platform Trigger.',
		asRelated: 'Instant start on purchases, payments, orders, form submissions and tag changes',
	},
};

/**
 * n8n's own nodes each package node is commonly paired with, by their type names in n8n 2.41
 * (`n8n-nodes-base` 2.41.2, `@n8n/n8n-nodes-langchain` 2.41.1; `scripts/builder-view.js --check`
 * fails when one is not in n8n's catalog), and why.
 */
export const N8N_PAIRINGS: Record<PackageNode, IRelatedNode[]> = {
	action: [
		{
			nodeType: '@n8n/n8n-nodes-langchain.agent',
			relationHint: 'Use the node as a tool of an AI Agent (Get Many with a small Limit and Fields)',
		},
		{
			nodeType: 'n8n-nodes-base.if',
			relationHint: 'Branch on a field of the record, for example whether a contact was created',
		},
		{ nodeType: 'n8n-nodes-base.scheduleTrigger', relationHint: 'Run reports on a schedule, bounded with Date Range' },
		{ nodeType: 'n8n-nodes-base.formTrigger', relationHint: 'Capture leads, then Contact → Create or Update by email' },
	],
	polling: [
		{ nodeType: 'n8n-nodes-base.slack', relationHint: 'Post each new order or contact to a channel' },
		{ nodeType: 'n8n-nodes-base.googleSheets', relationHint: 'Append each new record as a row' },
		{ nodeType: 'n8n-nodes-base.if', relationHint: 'Keep only the records that match a condition' },
	],
	webhook: [
		{ nodeType: 'n8n-nodes-base.slack', relationHint: 'Announce each purchase or payment' },
		{ nodeType: 'n8n-nodes-base.gmail', relationHint: 'Email the buyer after a purchase' },
		{ nodeType: 'n8n-nodes-base.if', relationHint: 'Route events by offer or amount' },
	],
};

/** The `builderHint` of the fields builders get wrong, each written once. */
export const FIELD_HINTS = {
	/** The site of a write, and the required site of payouts. */
	siteRequired: {
		propertyHint: 'Required. The site ID comes from Site → Get Many (an account with one site has one ID).',
	},
	/** The email of the operations that find the contact by email. */
	email: {
		propertyHint:
			'The email identifies the contact (matched ignoring case): no contact ID is needed. Use the email from the trigger or form item.',
	},
	/** A Get Many's Date Range. */
	dateRange: {
		propertyHint:
			'Bounds the list by time, for example orders of last week: set Created After and Created Before (ISO 8601) instead of filtering afterwards. Limit counts only records within the range.',
	},
	/** A Get Many's Return All. */
	returnAll: {
		propertyHint:
			'Leave off for agents and previews and set Limit; turn on only to process every record (there can be thousands).',
	},
	/** A Get Many's Limit. */
	limit: {
		propertyHint: 'How many records at most (default 50). Keep it small, such as 10, when a model reads the answer.',
	},
	/** Simplify, on every operation and on the webhook trigger. */
	simplify: {
		propertyHint:
			'Keep on: flat items with the attributes and related IDs as <name>_id or <name>_ids. Off returns the raw JSON:API document.',
	},
	/** The sparse fieldset (Options → Fields). */
	fields: {
		propertyHint:
			'Choose the few attributes the workflow uses: each item keeps its ID and type and the answer gets much smaller. Empty returns every attribute.',
	},
	/** The webhook trigger's Confirm With API. */
	confirm: {
		propertyHint:
			'Keep on when the workflow gives access or moves money (on by default for Purchase, Payment Succeeded and Order Created): each delivered record is read back from the API before it is emitted; one the API cannot read yet is read again (up to 4 reads within 4 s), then answered 503 so the sender delivers it again. One request per event when the API knows the record.',
	},
	/** The polling trigger's Event. */
	pollingEvent: {
		propertyHint:
			'Which new records start the workflow. Checked on the poll schedule; records created while n8n was down are caught up. New Contact and New Customer exist only here.',
	},
	/** The webhook trigger's Event. */
	webhookEvent: {
		propertyHint:
			'What the platform sends at once. Purchase and Payment Succeeded for sales, Tag Added and Tag Removed for segments. For new contacts or customers use the polling Content Platform Trigger.',
	},
} as const satisfies Record<string, IParameterBuilderHint>;
