import { Resolver } from 'node:dns/promises';

/** DNS as the custom-domain check needs it (an outside service: tests run a stand-in DNS server). */
export interface DomainLookup {
  /** The TXT records at name, each as its strings; none (or no such name): []. */
  txt(name: string): Promise<string[][]>;
  /** The addresses a host resolves to (A then AAAA); none: []. */
  addresses(host: string): Promise<string[]>;
}

export const DOMAIN_LOOKUP = Symbol('DomainLookup');

const NO_ANSWER = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

/** The real adapter: node's resolver, asking the configured servers (or the system's). */
export class NodeDomainLookup implements DomainLookup {
  private readonly resolver = new Resolver({ timeout: 3_000, tries: 2 });

  constructor(servers: readonly string[]) {
    if (servers.length > 0) this.resolver.setServers([...servers]);
  }

  async txt(name: string): Promise<string[][]> {
    try {
      return await this.resolver.resolveTxt(name);
    } catch (err) {
      if (NO_ANSWER.has((err as NodeJS.ErrnoException).code ?? '')) return [];
      throw err;
    }
  }

  async addresses(host: string): Promise<string[]> {
    const [v4, v6] = await Promise.allSettled([this.resolver.resolve4(host), this.resolver.resolve6(host)]);
    return [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
  }
}
