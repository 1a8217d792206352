import { CONSENT_WORDING_RULES, type ConsentWordingRules } from './consent-wording-rules';

/**
 * What a lead's message says about being contacted on the channel it came by: `revoke` and
 * `restore` act at once; `unclear` is a question for the agent (never a revocation by itself);
 * `none` says nothing about it.
 */
export type ConsentWording = 'revoke' | 'restore' | 'unclear' | 'none';

/** Lower case without accents, apostrophes or punctuation: "No me escribas más!!" → "no me escribas mas". */
export function normalizeWording(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’'`´]/g, '')
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim();
}

/**
 * The reading of one message. A qualified revocation ("stop the alerts but call me") and a
 * stop-like word outside a clear phrase ("stop by at 5?") are `unclear`: wrongly silencing a
 * lead who asked for something else costs the agent the lead, so the agent decides.
 */
export function readConsentWording(text: string, rules: ConsentWordingRules = CONSENT_WORDING_RULES): ConsentWording {
  const t = normalizeWording(text);
  if (!t) return 'none';
  if (rules.revokeWords.includes(t)) return 'revoke';
  if (rules.restoreWords.includes(t)) return 'restore';
  const first = normalizeWording(text.split(rules.firstSentenceEnd)[0] ?? '');
  if (first !== t && rules.firstSentenceWords.includes(first)) return 'revoke';
  const revokes = rules.revokePhrases.some((p) => p.test(t));
  const qualified = rules.qualifiers.some((q) => q.test(t));
  if (revokes) return qualified ? 'unclear' : 'revoke';
  if (rules.restorePhrases.some((p) => p.test(t))) return 'restore';
  if (rules.unclearWords.some((w) => w.test(t))) return 'unclear';
  return 'none';
}

export const consentWordingVersion = (rules: ConsentWordingRules = CONSENT_WORDING_RULES): string => rules.version;
