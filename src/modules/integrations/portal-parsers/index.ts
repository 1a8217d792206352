import type { IntakeInput } from '../intake-lead/lead-intake.service';

/**
 * Portal lead e-mails and lead deliveries as lead intake input. This body reads only the generic
 * lead-event shape (`source, type, person, property, message`) that other CRMs' lead APIs take;
 * the readers of each portal's own formats live beside it.
 */
export type InboundPortalMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  spf: string | null;
  dkim: string | null;
  headers: Readonly<Record<string, string>>;
};
export type PortalReading = { ok: true; portal: string; lead: IntakeInput } | { ok: false; reason: string };

export const UNKNOWN_SHAPE = 'Not a lead delivery this office can read (no source and person with an e-mail)';
export const UNREADABLE_MAIL = 'Not a lead e-mail this office can read';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max: number): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : typeof v === 'number' ? String(v) : undefined;
/** `["a@x"]` or `[{value: "a@x"}]` (both are in use). */
const values = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [])
    .map((x) => str(isObj(x) ? x.value : x, 254))
    .filter((x): x is string => !!x)
    .slice(0, 10);

function readGeneric(body: unknown): PortalReading {
  if (!isObj(body) || !isObj(body.person)) return { ok: false, reason: UNKNOWN_SHAPE };
  const source = str(body.source, 60);
  const p = body.person;
  const emails = values(p.emails);
  if (!source || emails.length === 0) return { ok: false, reason: UNKNOWN_SHAPE };
  const pr = isObj(body.property) ? body.property : null;
  const price = pr && Number(pr.price);
  const property = pr
    ? {
        street: str(pr.street, 200),
        city: str(pr.city, 100),
        state: str(pr.state, 50),
        zip: str(pr.zip ?? pr.code, 20),
        mlsNumber: str(pr.mlsNumber, 50),
        ...(price !== null && Number.isFinite(price) && price >= 0 ? { price } : {}),
      }
    : undefined;
  const lead: IntakeInput = {
    source,
    type: str(body.type, 60),
    person: { firstName: str(p.firstName, 100), lastName: str(p.lastName, 100), fullName: str(p.fullName ?? p.name, 200), emails, phones: values(p.phones) },
    property,
    message: str(body.message ?? body.description, 5000),
    externalId: str(body.externalId ?? body.id, 200),
  };
  return { ok: true, portal: source, lead };
}

export function readLeadDelivery(body: unknown, opts: { googleKey: string | null }): PortalReading {
  void opts;
  return readGeneric(body);
}

/** An e-mail whose text is a generic lead-event body (JSON). */
export function readPortalEmail(mail: InboundPortalMail): PortalReading {
  try {
    const read = readGeneric(JSON.parse(mail.text.trim()) as unknown);
    return read.ok ? read : { ok: false, reason: UNREADABLE_MAIL };
  } catch {
    return { ok: false, reason: UNREADABLE_MAIL };
  }
}
