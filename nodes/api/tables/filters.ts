/**
 * The filter rows several resources share, each written once as a plain object literal: the site
 * filter and the title search most lists take (`SITE_FILTER`, `titleContains`), the filters
 * contacts and customers share (`PERSON_FILTERS`, the site filter first) and the supplement's
 * description search (`descriptionContains`). A row of one resource is written in its own table.
 */
import type { FilterRow } from './types';

/**
 * `filter[site_id]`: the site filter most lists take (also the first of the filters contacts and
 * customers share, `PERSON_FILTERS` below), a picker of sites. Its `hint` is
 * what n8n's AI Workflow Builder reads about the field.
 */
export const SITE_FILTER: FilterRow = {
	name: 'site_id',
	type: 'string',
	picker: 'site',
	description:
		'Restrict to a site. Required when the account has more than one site; always sending it is recommended.',
	hint: 'Set it on accounts with several sites: the API refuses contact and customer lists without it. The ID comes from Site → Get Many.',
};

/** `filter[title_cont]` of the supplement's lists (sections 4 and 9), the sites' among them. */
export const titleContains: FilterRow = { name: 'title_cont', type: 'string', description: 'Title contains the text' };

/** `filter[description_cont]` of the supplement's lists (courses, offers, products). */
export const descriptionContains: FilterRow = {
	name: 'description_cont',
	type: 'string',
	description: 'Description contains the text',
};

/**
 * The filters shared by `GET /v1/contacts` and `GET /v1/customers`
 * (spec "Shared filters for GET /v1/contacts and GET /v1/customers"), as the API's OpenAPI
 * document of release 1.1.0 lists them (supplement section 10): the four product-ownership
 * filters added after `has_no_offer_id`, and `is_suppressed` left out (1.1.0 removed it; the
 * README's "Limits" says why the node does not offer it).
 *
 * The spec sends every one as a string; the `type` here is the n8n field type the user sees:
 * "in the last N days" filters are numbers (days), flag filters are booleans, revenue bounds are
 * numbers, everything else (ids, text) is a string. Values are written to the query as strings.
 * The site and product ID filters are pickers (`picker`).
 */
export const PERSON_FILTERS: readonly FilterRow[] = [
	SITE_FILTER,
	{ name: 'search', type: 'string', description: 'Fuzzy search over name and email' },
	{ name: 'created_in_last', type: 'number', description: 'Created in the last N days' },
	{ name: 'not_created_in_last', type: 'number', description: 'Not created in the last N days' },
	{ name: 'joined_in_last', type: 'number', description: 'Joined in the last N days' },
	{ name: 'active_in_last', type: 'number', description: 'Active in the last N days' },
	{ name: 'inactive_in_last', type: 'number', description: 'Inactive in the last N days' },
	{ name: 'is_hidden', type: 'boolean', description: 'Whether the record is hidden' },
	{ name: 'name_contains', type: 'string', description: 'Name contains the given value' },
	{ name: 'email_contains', type: 'string', description: 'Email contains the given value' },
	{ name: 'phone_number_contains', type: 'string', description: 'Phone number contains the given value' },
	{ name: 'mobile_phone_number_contains', type: 'string', description: 'Mobile phone number contains the given value' },
	{ name: 'address_line_1_contains', type: 'string', description: 'Address line 1 contains the given value' },
	{ name: 'address_line_2_contains', type: 'string', description: 'Address line 2 contains the given value' },
	{ name: 'address_city_contains', type: 'string', description: 'City contains the given value' },
	{ name: 'address_state_contains', type: 'string', description: 'State contains the given value' },
	{ name: 'address_country_contains', type: 'string', description: 'Country contains the given value' },
	{ name: 'address_zip_contains', type: 'string', description: 'ZIP code contains the given value' },
	{ name: 'has_tag_id', type: 'string', description: 'Has the tag' },
	{ name: 'has_all_tag_id', type: 'string', description: 'Has all the given tags' },
	{ name: 'has_no_tag_id', type: 'string', description: 'Lacks the tag' },
	{ name: 'has_offer_id', type: 'string', description: 'Has the offer' },
	{ name: 'has_no_offer_id', type: 'string', description: 'Lacks the offer' },
	// Release 1.1.0 (document lines 1330-1354 for contacts, 3768-3792 for customers).
	{ name: 'has_product_id', type: 'string', picker: 'product', description: 'Owns the product' },
	{
		name: 'has_active_product_id',
		type: 'string',
		picker: 'product',
		description: 'Has an active membership to the product',
	},
	{ name: 'has_no_product_id', type: 'string', picker: 'product', description: 'Does not own the product' },
	{
		name: 'previously_owned_product_id',
		type: 'string',
		picker: 'product',
		description: 'Owned the product before',
	},
	{ name: 'subscribed', type: 'boolean', description: 'Whether the record is subscribed' },
	{ name: 'subscribed_in_last', type: 'number', description: 'Subscribed in the last N days' },
	{ name: 'unsubscribed_in_last', type: 'number', description: 'Unsubscribed in the last N days' },
	{ name: 'never_subscribed', type: 'boolean', description: 'Whether the record has never subscribed' },
	{ name: 'manually_unsubscribed_in_last', type: 'number', description: 'Manually unsubscribed in the last N days' },
	{ name: 'opted_out_in_last', type: 'number', description: 'Opted out in the last N days' },
	{ name: 'used_coupon_code', type: 'string', description: 'Used the given coupon code' },
	{ name: 'submitted_form_id', type: 'string', description: 'Submitted the form' },
	{ name: 'no_submitted_form_id', type: 'string', description: 'Did not submit the form' },
	{ name: 'registered_event_id', type: 'string', description: 'Registered for the event' },
	{ name: 'not_registered_event_id', type: 'string', description: 'Did not register for the event' },
	{ name: 'completed_assessment_id', type: 'string', description: 'Completed the assessment' },
	{ name: 'passed_assessment_id', type: 'string', description: 'Passed the assessment' },
	{ name: 'failed_assessment_id', type: 'string', description: 'Failed the assessment' },
	{ name: 'net_revenue_equal_to', type: 'number', description: 'Net revenue equals the value' },
	{ name: 'net_revenue_greater_than', type: 'number', description: 'Net revenue exceeds the value' },
	{ name: 'net_revenue_less_than', type: 'number', description: 'Net revenue is below the value' },
	{ name: 'sent_email_broadcast_id', type: 'string', description: 'Was sent the broadcast' },
	{ name: 'no_sent_email_broadcast_id', type: 'string', description: 'Was not sent the broadcast' },
	{
		name: 'no_sent_email_broadcast_ids',
		type: 'string',
		description: 'Was not sent any of the listed broadcasts (comma-separated IDs)',
	},
	{ name: 'no_delivered_email_broadcast_id', type: 'string', description: 'Did not receive the broadcast' },
	{ name: 'opened_email_broadcast_id', type: 'string', description: 'Opened the broadcast' },
	{ name: 'no_opened_email_broadcast_id', type: 'string', description: 'Did not open the broadcast' },
	{ name: 'clicked_email_broadcast_id', type: 'string', description: 'Clicked the broadcast' },
	{ name: 'no_clicked_email_broadcast_id', type: 'string', description: 'Did not click the broadcast' },
	{ name: 'bounced_email_broadcast_id', type: 'string', description: 'Bounced the broadcast' },
	{ name: 'no_bounced_email_broadcast_id', type: 'string', description: 'Did not bounce the broadcast' },
	{ name: 'dropped_email_broadcast_id', type: 'string', description: 'Dropped the broadcast' },
	{ name: 'no_dropped_email_broadcast_id', type: 'string', description: 'Did not drop the broadcast' },
	{ name: 'opened_email_in_last', type: 'number', description: 'Opened an email in the last N days' },
	{ name: 'not_opened_email_in_last', type: 'number', description: 'Did not open an email in the last N days' },
	{ name: 'delivered_email_in_last', type: 'number', description: 'Was delivered an email in the last N days' },
	{ name: 'not_delivered_email_in_last', type: 'number', description: 'Was not delivered an email in the last N days' },
	{ name: 'clicked_email_in_last', type: 'number', description: 'Clicked an email in the last N days' },
	{ name: 'not_clicked_email_in_last', type: 'number', description: 'Did not click an email in the last N days' },
	{ name: 'is_hard_bouncing', type: 'boolean', description: "Whether the record's email address bounces hard" },
	{ name: 'bounced_in_last', type: 'number', description: 'Bounced in the last N days' },
	{ name: 'complained_in_last', type: 'number', description: 'Complained in the last N days' },
	{
		name: 'healthy_contacts_with_open_data',
		type: 'boolean',
		description: 'Whether the record is in the engagement group "healthy" (with open data)',
	},
	{
		name: 'passive_contacts_with_open_data',
		type: 'boolean',
		description: 'Whether the record is in the engagement group "passive" (with open data)',
	},
	{
		name: 'unengaged_contacts_with_open_data',
		type: 'boolean',
		description: 'Whether the record is in the engagement group "unengaged" (with open data)',
	},
	{
		name: 'inactive_contacts_with_open_data',
		type: 'boolean',
		description: 'Whether the record is in the engagement group "inactive" (with open data)',
	},
	{ name: 'subscribed_newsletter_id', type: 'string', description: 'Subscribed to the newsletter' },
	{ name: 'unsubscribed_newsletter_id', type: 'string', description: 'Unsubscribed from the newsletter' },
	{ name: 'subscribed_email_sequence_id', type: 'string', description: 'Subscribed to the email sequence' },
	{ name: 'not_subscribed_email_sequence_id', type: 'string', description: 'Not subscribed to the email sequence' },
];
