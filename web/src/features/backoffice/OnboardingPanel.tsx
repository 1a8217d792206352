import { type FormEvent, useId, useState } from 'react';
import { api } from '../../api/contract-client';
import { ApiError } from '../../api/http';
import { contract } from '../../../../src/contract/routes';
import type { CreatedSite } from '../../../../src/contract/routes/onboarding';
import { normalizeDomain, SITE_MESSAGES } from '../../../../src/contract/site-settings';
import { DnsRecordsTable } from '../../ui/DnsRecordsTable';
import styles from './Backoffice.module.css';

type Kind = 'broker' | 'agent' | 'brand';

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Back-office onboarding of a new site: brand name, subdomain, kind and owner (an agent or
 * broker by e-mail), an optional custom domain; once created, the DNS records to set there and
 * the launch (the onboarding family's launchsite, with a reason).
 */
export function OnboardingPanel() {
  const id = useId();
  const [form, setForm] = useState({ name: '', subdomain: '', kind: 'broker' as Kind, ownerEmail: '', DomainName: '', masterSiteId: '' });
  const [created, setCreated] = useState<CreatedSite | null>(null);
  const [reason, setReason] = useState('');
  const [launched, setLaunched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const subdomain = form.subdomain.trim().toLowerCase();
    if (!form.name.trim()) return setError(SITE_MESSAGES.nameRequired);
    if (!SUBDOMAIN.test(subdomain)) return setError('A subdomain is 1 to 63 lower-case letters, digits or dashes');
    if (form.DomainName.trim() && !normalizeDomain(form.DomainName)) return setError(SITE_MESSAGES.domain);
    setBusy(true);
    setError(null);
    try {
      setCreated(
        await api(contract.onboarding.createSite, {
          body: {
            name: form.name,
            subdomain,
            kind: form.kind,
            ownerEmail: form.ownerEmail.trim(),
            DomainName: form.DomainName.trim() || null,
            ...(form.kind === 'brand' ? { masterSiteId: form.masterSiteId.trim() || null } : {}),
          },
        }),
      );
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The site could not be created');
    }
    setBusy(false);
  };

  const launch = async (e: FormEvent) => {
    e.preventDefault();
    if (!created) return;
    setBusy(true);
    setError(null);
    try {
      await api(contract.onboarding.launchSite, { params: { userId: created.ownerUserId }, body: { siteId: created.siteId, reason } });
      setLaunched(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The site could not be launched');
    }
    setBusy(false);
  };

  const field = (k: keyof typeof form, label: string, type = 'text') => (
    <label className={styles.field} htmlFor={`${id}-${k}`}>
      {label}
      <input id={`${id}-${k}`} className={styles.input} type={type} value={form[k]} onChange={set(k)} />
    </label>
  );

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <div className={styles.cardBody}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          New site
        </h2>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        {!created ? (
          <form className={styles.filters} onSubmit={(e) => void create(e)} noValidate aria-busy={busy}>
            {field('name', 'Brand name')}
            {field('subdomain', 'Subdomain')}
            <label className={styles.field} htmlFor={`${id}-kind`}>
              Kind
              <select id={`${id}-kind`} className={styles.select} value={form.kind} onChange={set('kind')}>
                <option value="broker">Broker’s office site</option>
                <option value="agent">Agent’s own site</option>
                <option value="brand">Branded site (search on a master site)</option>
              </select>
            </label>
            {field('ownerEmail', 'Owner’s e-mail', 'email')}
            {field('DomainName', 'Custom domain (optional)')}
            {form.kind === 'brand' && field('masterSiteId', 'Master site id')}
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Creating…' : 'Create site'}
            </button>
          </form>
        ) : (
          <div className={styles.section}>
            <p role="status">
              {created.name} is live at <a href={created.url}>{created.url}</a>
              {created.DomainName
                ? `; ${created.DomainName} serves it once the DNS records below are set and the owner verified the domain in Site settings.`
                : '.'}
            </p>
            <div className={styles.tableWrap}>
              <DnsRecordsTable domain={created.DomainName} records={created.dnsRecords} className={styles.table} captionClassName={styles.muted} />
            </div>
            {launched ? (
              <p role="status">Launched. The owner runs the site’s settings from their dashboard (Site settings).</p>
            ) : (
              <form className={styles.filters} onSubmit={(e) => void launch(e)} noValidate aria-busy={busy}>
                <label className={`${styles.field} ${styles.grow}`} htmlFor={`${id}-reason`}>
                  Reason
                  <input id={`${id}-reason`} className={styles.input} value={reason} onChange={(e) => setReason(e.target.value)} />
                </label>
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  Launch site
                </button>
              </form>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
