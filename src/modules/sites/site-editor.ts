import type { Request } from 'express';
import type { SiteView } from '../../../projections/sites';
import { forbidden, notFound, unauthorized } from '../../shared/errors';
import { isUuid } from '../../shared/ids';
import { SITE_MESSAGES } from '../../contract/site-settings';
import type { SiteResolver } from './resolve-site/site-resolver';

export type Editor = { readonly userId: string; readonly staff: boolean; readonly broker: boolean };

/** Security levels of spec section 6 (the accounts context imports this one, so not its LEVEL). */
const AGENT = 10;
const BROKER = 15;
const STAFF = 25;

/** Staff edit every site, a broker the sites they own; 401 signed out, 403 for leads; agents edit none. */
export function editorOf(req: Request): Editor {
  const auth = req.auth;
  if (!auth) throw unauthorized();
  if (auth.securityLevel < AGENT) throw forbidden();
  return { userId: auth.userId, staff: auth.securityLevel >= STAFF, broker: auth.securityLevel >= BROKER };
}

const mayEdit = (editor: Editor, site: SiteView) => editor.staff || (editor.broker && site.ownerUserId === editor.userId);

/** The site the request may edit; anyone else is told there is no such site (404). */
export async function editableSite(sites: SiteResolver, req: Request, siteId: string): Promise<SiteView> {
  const editor = editorOf(req);
  const site = isUuid(siteId) ? await sites.byId(siteId) : undefined;
  if (!site || !mayEdit(editor, site)) throw notFound(SITE_MESSAGES.notYours);
  return site;
}
