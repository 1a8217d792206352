// A host name (labels, then letters as its last label), an IPv4 address, and a scheme's '://'.
const HOST = /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\b/gi;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
const SCHEME = /:\/\//g;

/**
 * What a lead writes to a friend, with every address in it made unclickable: mail programs turn
 * anything that looks like a link (a scheme, a host name, an e-mail address) into one, even in a
 * text part, so the dots of host names and addresses become '[.]' and '://' becomes '[:]//'
 * ("evil[.]example", "hxxp" style). The friend can still read and type it; nobody clicks through
 * to it from an e-mail sent in the brokerage's name.
 */
export function defangLinks(text: string): string {
  return text
    .replace(SCHEME, '[:]//')
    .replace(HOST, (h) => h.replaceAll('.', '[.]'))
    .replace(IPV4, (ip) => ip.replaceAll('.', '[.]'));
}
