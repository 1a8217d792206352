/**
 * The rules that read a lead's own words for consent, as data: a change of wording is a change
 * of `version`, and the corpus test (consent-wording.unit.spec.ts) holds every version to recall
 * 100 % on clear revocations and precision ≥ 95 %. Patterns run on the normalized text (lower
 * case, accents removed, apostrophes dropped, punctuation as spaces, single spaces).
 */
export type ConsentWordingRules = {
  readonly version: string;
  /** The whole message is one of these: the carrier keywords and their everyday twins. */
  readonly revokeWords: readonly string[];
  readonly restoreWords: readonly string[];
  /**
   * A first sentence that is only a revoke word, closed by one of these ("Stop. I bought a
   * house"): a revocation. "!" is left out ("Stop! That price is crazy" is surprise), and so
   * are the words that open other requests ("Cancel. Can't make it Saturday").
   */
  readonly firstSentenceEnd: RegExp;
  readonly firstSentenceWords: readonly string[];
  /** A clear revocation anywhere in the message. */
  readonly revokePhrases: readonly RegExp[];
  readonly restorePhrases: readonly RegExp[];
  /**
   * A revocation phrase next to one of these asks for something else as well ("stop the alerts
   * but call me"): not a revocation of the channel, a question for the agent.
   */
  readonly qualifiers: readonly RegExp[];
  /** Words that may mean "no more" but here do not say it clearly: the agent confirms. */
  readonly unclearWords: readonly RegExp[];
};

const CONTACT =
  '(text|texts|texting|txt|txts|txting|msg|msgs|message|messages|messaging|sms|contact|contacting|email|emails|emailing|mail|call|calls|calling|bother|bothering|write|writing|spam|spamming|reach out|reach|notifications?|updates|listings|alerts)';
const ME = '(me|us|this number|my number|my phone)';

export const CONSENT_WORDING_RULES: ConsentWordingRules = {
  version: '2026-11-29.1',
  revokeWords: [
    'stop',
    'stopall',
    'stop all',
    'unsubscribe',
    'unsub',
    'cancel',
    'end',
    'quit',
    'revoke',
    'optout',
    'opt out',
    'opt me out',
    'stop please',
    'please stop',
    'stop it',
    'stop now',
    'stop stop',
    'stop pls',
    'pls stop',
    'remove',
    'remove me',
    'unsubscribe me',
    'no more',
    'no more texts',
    'no more messages',
    'no thanks stop',
    'leave me alone',
    'wrong number stop',
    'wrong number',
    'para',
    'parar',
    'alto',
    'baja',
    'darme de baja',
    'dar de baja',
    'cancelar',
    'basta',
    'detener',
    'no mas',
    'no mas mensajes',
    'ya no',
  ],
  firstSentenceEnd: /[.,;\n]/,
  firstSentenceWords: [
    'stop',
    'stopall',
    'stop all',
    'unsubscribe',
    'opt out',
    'optout',
    'stop please',
    'please stop',
    'stop texting',
    'para',
    'baja',
    'basta',
    'wrong number',
  ],
  restoreWords: [
    'start',
    'unstop',
    'yes start',
    'subscribe',
    'resubscribe',
    'opt in',
    'optin',
    'start again',
    'start please',
    'empezar',
    'comenzar',
    'alta',
    'inicio',
    'reanudar',
  ],
  revokePhrases: [
    new RegExp(
      `\\b(stop|quit|cease|stop all|no more|dont|do not|never|please dont|please do not|pls dont|you can stop|kindly stop|please stop)\\b( \\w+){0,3} ${CONTACT}\\b( ${ME})?`,
    ),
    new RegExp(`\\b(dont|do not|never) ${CONTACT} ${ME}\\b`),
    new RegExp(`\\bremove ${ME}? ?(from|off)\\b`),
    new RegExp(`\\b(take|delete|drop|remove) (me|my number|my info|my information|my contact|my email)( \\w+){0,2} (off|from|out)\\b`),
    /\b(take|delete|remove) my (number|info|information|contact|email|phone)\b/,
    /\b(unsubscribe|unsub|opt me out|opt out|opting out|optout)\b/,
    /\bnot interested\b.*\b(stop|remove|dont|do not|unsubscribe)\b/,
    /\b(stop|quit) (texting|messaging|contacting|emailing|calling|sending)\b/,
    /\b(leave me alone|lose my number|never contact|no longer wish to (receive|be contacted|get)|do not wish to (receive|be contacted))\b/,
    /\b(no more|stop) (texts|messages|sms|emails|contact)\b/,
    /\bi (want|would like|wish) to (unsubscribe|opt out|be removed|stop (receiving|getting))\b/,
    /\bstop (receiving|getting)\b/,
    /\b(don t|dont|do not) want (any more|anymore|more|these|your) (texts|messages|emails|contact)\b/,
    /\bdon?t want (to (hear from you|be contacted|receive))\b/,
    // Spanish
    /\bno me (escribas|escriba|escriban|mandes|mande|manden|envies|envie|envien|contactes|contacte|contacten|llames|llame|llamen|molestes|moleste|molesten)\b/,
    /\b(dejen|deja|deje) de (escribirme|mandarme|enviarme|contactarme|llamarme|molestarme|escribir|mandar|enviar)\b/,
    /\b(dar|darme|dame|denme|de) de baja\b/,
    /\b(borren|borra|borre|eliminen|elimina|elimine|quiten|quita|quite|saquen|saca|saque)(me)? (mi numero|mi informacion|mis datos|mi correo|de (su|la|tu) lista)\b/,
    /\b(borrenme|eliminenme|quitenme|sacame|sacarme|quitame|borrame|eliminame|saquenme)\b/,
    /\bno (quiero|deseo) (recibir|mas|que me)\b/,
    /\bya no (me )?(escriban|escribas|manden|mandes|envien|quiero|deseo|contacten)\b/,
    /\b(para|paren|pare|basta) (de )?(mensajes|los mensajes|textos|ya|por favor)\b/,
    /\bno mas (mensajes|textos|correos)\b/,
    /\bcancelar (suscripcion|mensajes)\b/,
  ],
  restorePhrases: [
    /\b(start|resume|turn on) (texting|messaging|texts|messages|sending)\b/,
    /\b(you can|ok to|okay to|please) (text|message|contact) me again\b/,
    /\b(opt|sign) me (back )?in\b/,
    /\bi want (the )?texts again\b/,
    /\b(resubscribe|re subscribe)\b/,
    /\bpueden (escribirme|mandarme|contactarme) (de nuevo|otra vez)\b/,
  ],
  qualifiers: [
    /\b(but|except|instead|pero|sino|excepto|aside from)\b.*\b(call|calls|email|emails|text|texts|write|send|keep|still|ok|okay|fine|listings|llam\w*|escrib\w*|mand\w*|correo)\b/,
    /\b(call me|email me|llamame|llamenme) instead\b/,
    /\b(only|solo) (call|email|text|llam\w*|escrib\w*)\b/,
    /\b(alerts|emails|listings|updates) only\b|\bonly (the )?(alerts|emails|listings|updates)\b/,
  ],
  unclearWords: [
    /\b(stop|quit|end|cancel|cancelled|canceled|unsubscribe|remove|baja|basta|cancelar|detener)\b/,
    /\b(too many|so many|enough|annoying|spam|harass|harassing|chill)\b/,
  ],
};
