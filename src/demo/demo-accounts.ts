import type { SecurityLevel } from '../modules/accounts';
import type { SiteKind } from '../modules/sites';

/**
 * The demo data of the contract (section 1). Ids are fixed so that links and tests can name
 * them; the password comes from DEMO_PASSWORD.
 */
export const DEMO_USERS: readonly {
  key: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  securityLevel: SecurityLevel;
  site: string | null;
  broker: string | null;
}[] = [
  {
    key: 'staff',
    userId: '00000000-0000-4000-8000-000000000025',
    email: 'staff@porchlight.test',
    firstName: 'Sam',
    lastName: 'Staff',
    securityLevel: 25,
    site: null,
    broker: null,
  },
  {
    key: 'broker',
    userId: '00000000-0000-4000-8000-000000000015',
    email: 'broker@demo.test',
    firstName: 'Blair',
    lastName: 'Broker',
    securityLevel: 15,
    site: 'demo',
    broker: null,
  },
  {
    key: 'agent',
    userId: '00000000-0000-4000-8000-000000000010',
    email: 'agent@demo.test',
    firstName: 'Jane',
    lastName: 'Agent',
    securityLevel: 10,
    site: 'demo',
    broker: 'broker',
  },
  {
    key: 'agent2',
    userId: '00000000-0000-4000-8000-000000000011',
    email: 'agent2@demo.test',
    firstName: 'Alex',
    lastName: 'Agent',
    securityLevel: 10,
    site: 'demo',
    broker: 'broker',
  },
  {
    key: 'lead',
    userId: '00000000-0000-4000-8000-000000000005',
    email: 'lead@demo.test',
    firstName: 'Lee',
    lastName: 'Lead',
    securityLevel: 5,
    site: 'demo',
    broker: null,
  },
];

export const DEMO_SITES: readonly {
  key: string;
  siteId: string;
  subdomain: string;
  name: string;
  kind: SiteKind;
  owner: string;
  master: string | null;
  isDefault: boolean;
}[] = [
  {
    key: 'demo',
    siteId: '00000000-0000-4000-9000-000000000001',
    subdomain: 'demo',
    name: 'Demo Realty',
    kind: 'broker',
    owner: 'broker',
    master: null,
    isDefault: true,
  },
  {
    key: 'jane',
    siteId: '00000000-0000-4000-9000-000000000002',
    subdomain: 'jane',
    name: 'Jane Agent Homes',
    kind: 'agent',
    owner: 'agent',
    master: null,
    isDefault: false,
  },
  {
    key: 'brand',
    siteId: '00000000-0000-4000-9000-000000000003',
    subdomain: 'brand',
    name: 'Brand Homes',
    kind: 'brand',
    owner: 'broker',
    master: 'demo',
    isDefault: false,
  },
];
