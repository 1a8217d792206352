/** A row of the member search, as the API answers it (the web app imports this type too). */
export type Member = {
  readonly userId: string;
  readonly fullName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly securityLevel: number;
  readonly siteId: string | null;
  readonly siteSubdomain: string | null;
  readonly siteName: string | null;
  readonly status: 'active' | 'merged' | 'offboarding' | 'locked';
  readonly mergedInto: string | null;
  readonly loginCount: number;
  readonly lastLoginAt: string | null;
  readonly createdAt: string;
};

export type MemberCriteria = {
  /** Words matched anywhere in name, e-mail, phone (digits) and merged accounts' names and e-mails. */
  readonly q?: string;
  readonly email?: string;
  readonly name?: string;
  readonly phone?: string;
  /** Subdomain, name or custom domain of the site the member belongs to or owns. */
  readonly site?: string;
  readonly level?: number;
  readonly status?: Member['status'];
  readonly page: number;
  readonly perpage: number;
};
