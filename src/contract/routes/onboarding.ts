import { z } from 'zod';
import { DNS_TYPES, ONBOARDING_STATUSES } from '../backoffice';
import { routes } from '../route';
import { accountAction, BACKOFFICE, ReasonBody, reasonField as reason, UserParams } from './account-action';

const TAG = 'Back-office: onboarding';
const action = <const B extends z.ZodType>(path: string, summary: string, body: B) =>
  accountAction(TAG, `onboarding/:userId/${path}`, summary, UserParams, body);

/** A site made in the back-office, with the DNS records its custom domain needs. */
export const CreatedSiteSchema = z.strictObject({
  siteId: z.string(),
  subdomain: z.string(),
  name: z.string(),
  url: z.string(),
  DomainName: z.string().nullable(),
  ownerUserId: z.string(),
  dnsRecords: z.array(z.strictObject({ type: z.enum(['CNAME', 'ALIAS']), name: z.string(), value: z.string(), note: z.string() })).readonly(),
});
export type CreatedSite = Readonly<z.infer<typeof CreatedSiteSchema>>;

/** Spec family "onboarding (launch site, setstatus, dns records, terms, welcome emails)", and the site made for an account. */
export const onboardingRoutes = routes('onboarding', {
  launchSite: action('launchsite', 'Launch a site the account owns', z.strictObject({ siteId: z.uuid(), reason })),
  setStatus: action('setstatus', 'Set the onboarding status', z.strictObject({ status: z.enum(ONBOARDING_STATUSES), reason })),
  dnsRecords: action(
    'dnsrecords',
    "Record the DNS records of the account's domain",
    z.strictObject({
      domain: z.string().max(253),
      records: z.array(z.strictObject({ type: z.enum(DNS_TYPES), name: z.string().max(253), value: z.string().max(1000) })).max(20),
      reason,
    }),
  ),
  terms: action(
    'terms',
    'Record which terms the account accepted, and when',
    z.strictObject({ termsVersion: z.string().max(40), acceptedOn: z.iso.date(), reason }),
  ),
  welcomeEmail: action('welcomeemail', 'Send the welcome e-mail', ReasonBody),
  createSite: {
    method: 'POST',
    path: `${BACKOFFICE}/sites`,
    summary: 'Create a site (subdomain, owner, optional custom domain); answers the DNS records to set (409: subdomain or domain taken)',
    tag: TAG,
    access: 'staff',
    body: z.strictObject({
      subdomain: z.string().max(63),
      name: z.string().max(80),
      kind: z.enum(['broker', 'agent', 'brand'], { error: 'kind must be broker, agent or brand' }),
      ownerEmail: z.string().max(320),
      DomainName: z.string().max(253).nullable().optional(),
      masterSiteId: z.uuid({ error: 'masterSiteId is not a site id' }).nullable().optional(),
    }),
    responses: { 201: CreatedSiteSchema },
  },
});
