import type { IntakeInput } from '../integrations';
import type { LeadField } from './graph.port';

/** Meta's standard lead form questions this product files as the person's or the property's details. */
const PERSON = new Set(['full_name', 'first_name', 'last_name', 'email', 'work_email', 'phone_number', 'work_phone_number']);
const PLACE: Readonly<Record<string, 'street' | 'city' | 'state' | 'zip'>> = {
  street_address: 'street',
  city: 'city',
  state: 'state',
  province: 'state',
  zip_code: 'zip',
  post_code: 'zip',
};
const MESSAGE_MAX = 4000;

const first = (fields: readonly LeadField[], ...names: string[]) => {
  for (const n of names) {
    const v = fields.find((f) => f.name === n)?.values.find((x) => x.trim());
    if (v) return v.trim();
  }
  return undefined;
};
/** A custom question's key as a reader would say it: `when_do_you_want_to_move?` → "When do you want to move?". */
const questionOf = (name: string) => {
  const words = name.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A lead form's answers (`field_data`) as the lead intake takes them: name, e-mail and phone from
 * Meta's standard questions, the address ones as the property, and every other question (the
 * broker's own: timeline, budget, pre-approval) with its answer as the message. The source is the
 * form's (as named on the lead-flow screen); the leadgen id keeps each lead once.
 */
export function intakeOfLeadAnswers(fields: readonly LeadField[], source: string, leadgenId: string, formName: string): IntakeInput {
  const place: { street?: string; city?: string; state?: string; zip?: string } = {};
  for (const [name, key] of Object.entries(PLACE)) {
    const v = first(fields, name);
    if (v && !place[key]) place[key] = v.slice(0, 200);
  }
  const questions = fields
    .filter((f) => !PERSON.has(f.name) && !(f.name in PLACE))
    .map(
      (f) =>
        `${questionOf(f.name)}: ${f.values
          .map((v) => v.trim())
          .filter(Boolean)
          .join(', ')}`,
    );
  const message = [`Facebook lead form: ${formName}`, ...questions].join('\n').slice(0, MESSAGE_MAX);
  const email = first(fields, 'email', 'work_email');
  const phone = first(fields, 'phone_number', 'work_phone_number');
  return {
    source,
    type: 'Inquiry',
    person: {
      fullName: first(fields, 'full_name')?.slice(0, 200),
      firstName: first(fields, 'first_name')?.slice(0, 100),
      lastName: first(fields, 'last_name')?.slice(0, 100),
      emails: email ? [email] : [],
      phones: phone ? [phone] : [],
    },
    ...(Object.keys(place).length ? { property: place } : {}),
    message,
    externalId: `facebook:${leadgenId}`,
  };
}

/** A form's source when the broker named none on the lead-flow screen. */
export const defaultFormSource = (formName: string) => `Facebook: ${formName}`.slice(0, 120);
