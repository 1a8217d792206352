import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { domainProofPlaces } from '../../../contract/site-settings';
import { DOMAIN_LOOKUP, type DomainLookup } from './domain-lookup.port';
import { domainToken } from './domain-token';
import type { DomainCheckOutcome } from './verify-site-domain.decide';
import { fetchWellKnownFile } from './well-known-file';

const WHY_UNREACHABLE: Record<string, string> = {
  ENOTFOUND: 'the domain has no address in DNS',
  EPRIVATE: 'the domain points at a private network address',
  ECONNREFUSED: 'nothing answered on it',
  ETIMEDOUT: 'it did not answer in time',
};

/**
 * Looks for the owner's proof of a custom domain: the token in a TXT record at
 * _porchlight.<domain>, else the token as the whole content of the well-known file on the domain.
 */
@Injectable()
export class DomainProofCheck {
  constructor(
    @Inject(DOMAIN_LOOKUP) private readonly lookup: DomainLookup,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async check(siteId: string, domain: string): Promise<DomainCheckOutcome> {
    const token = domainToken(siteId, domain);
    const { txtName, filePath } = domainProofPlaces(domain, token);
    let txtWhy: string;
    try {
      const records = await this.lookup.txt(txtName);
      if (records.some((chunks) => chunks.join('').trim() === token)) return { ok: true, proof: 'dns' };
      txtWhy = records.length ? `the TXT record at ${txtName} does not hold the token` : `there is no TXT record at ${txtName}`;
    } catch (err) {
      txtWhy = `DNS did not answer for ${txtName} (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
    }
    const file = await fetchWellKnownFile(domain, filePath, { lookup: this.lookup, ...this.config.domainCheck });
    let fileWhy: string;
    if ('error' in file) fileWhy = `${filePath} could not be fetched: ${WHY_UNREACHABLE[file.error] ?? `connection failed (${file.error})`}`;
    else if (file.status !== 200) fileWhy = `${filePath} answered ${file.status}`;
    else if (file.body.trim() !== token) fileWhy = `${filePath} does not hold the token`;
    else return { ok: true, proof: 'file' };
    return { ok: false, reason: `Not verified: ${txtWhy}, and ${fileWhy}.` };
  }
}
