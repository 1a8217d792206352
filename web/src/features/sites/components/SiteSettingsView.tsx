import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { uploadFile } from '../../../api/account';
import { ApiError, isAbort } from '../../../api/http';
import {
  checkBrandName,
  checkSiteSetting,
  type EditableSite,
  normalizeDomain,
  SITE_MESSAGES,
  SITE_SETTING_RANGES,
  type SiteSettingsPatch,
  type SiteSettingsView as Settings,
} from '../../../../../src/contract/site-settings';
import { DnsRecordsTable } from '../../../ui/DnsRecordsTable';
import { DomainVerification } from './DomainVerification';
import { siteSettingsApi } from '../api/siteSettingsApi';
import { useSiteSettings } from '../hooks/useSiteSettings';
import styles from './SiteSettingsView.module.css';
import { SettingsSave } from '../../../ui/SettingsSave';
import { SiteStylesPanel } from '../../site-styles';

type Field = keyof SiteSettingsPatch;
type Draft = Record<Field, string | boolean>;
type Problem = { readonly field: Field | null; readonly message: string };

const NUMBERS = Object.keys(SITE_SETTING_RANGES) as (keyof typeof SITE_SETTING_RANGES)[];
const FIELDS: readonly Field[] = [
  'name',
  'DomainName',
  'PrimaryColor',
  'AccentColor',
  'LogoUrl',
  'Disclaimer',
  'LenderName',
  'LenderUrl',
  'Registration_AllowPartialName',
  'Registration_SocialWithoutPhone',
  'SearchRequiresAccept',
  'PromptLevel',
  'PromptPages',
  'PromptViews',
  'On_MultiLineNav',
  'MMSBulkSendCap',
];

const draftOf = (s: Settings): Draft => Object.fromEntries(FIELDS.map((f) => [f, typeof s[f] === 'boolean' ? s[f] : String(s[f] ?? '')])) as Draft;

/** The field a server message is about, so it shows beside that input. */
function fieldOfMessage(message: string): Field | null {
  const named = FIELDS.find((f) => message.startsWith(`${f} `));
  if (named) return named;
  if (message === SITE_MESSAGES.logo) return 'LogoUrl';
  if (message === SITE_MESSAGES.disclaimer) return 'Disclaimer';
  if (message === SITE_MESSAGES.lenderUrl) return 'LenderUrl';
  if (message === SITE_MESSAGES.lenderName) return 'LenderName';
  if (message === SITE_MESSAGES.domain || message === SITE_MESSAGES.domainTaken || message === SITE_MESSAGES.domainPlatform) return 'DomainName';
  if (message === SITE_MESSAGES.nameRequired || message === SITE_MESSAGES.nameTooLong) return 'name';
  return null;
}

/** What changed, checked with the server's own rules; the first problem instead when there is one. */
function patchOf(draft: Draft, saved: Settings): { patch: SiteSettingsPatch } | { problem: Problem } {
  const patch: Record<string, unknown> = {};
  const before = draftOf(saved);
  for (const f of FIELDS) {
    if (draft[f] === before[f]) continue;
    const raw = draft[f];
    if (f === 'name') {
      const r = checkBrandName(String(raw));
      if (!r.ok) return { problem: { field: f, message: r.message } };
      patch[f] = r.value;
    } else if (f === 'DomainName') {
      const text = String(raw).trim();
      if (text && !normalizeDomain(text)) return { problem: { field: f, message: SITE_MESSAGES.domain } };
      patch[f] = text || null;
    } else {
      const value = (NUMBERS as readonly string[]).includes(f) ? (/^\d+$/.test(String(raw).trim()) ? Number(String(raw).trim()) : NaN) : raw;
      const r = checkSiteSetting(f, value);
      if (!r.ok) return { problem: { field: f, message: r.message } };
      patch[f] = f === 'LogoUrl' || f === 'LenderUrl' ? r.value : value;
    }
  }
  return { patch: patch as SiteSettingsPatch };
}

/**
 * Site settings (spec section 3) for a broker's sites (staff: every site): brand name, colours,
 * logo and disclaimer, the custom domain with the DNS records it needs and its verification, registration, the
 * accept-terms gate, the sign-up prompt, navigation and the MMS cap. Only what changed is sent;
 * the public site acts on it from its next page.
 */
export function SiteSettingsView() {
  const id = useId();
  const [sites, setSites] = useState<readonly EditableSite[] | null>(null);
  const [siteId, setSiteId] = useState<string | null>(null);
  const [saved, setSaved] = useState<Settings | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (err: unknown, fallback: string) => {
    const message = err instanceof ApiError || err instanceof Error ? err.message : fallback;
    setProblem({ field: fieldOfMessage(message), message });
  };

  useEffect(() => {
    siteSettingsApi.sites().then(
      (r) => {
        setSites(r.sites);
        setSiteId(r.sites[0]?.siteId ?? null);
      },
      (err: unknown) => fail(err, 'Your sites could not be loaded'),
    );
  }, []);
  const loaded = useSiteSettings(siteId);
  useEffect(() => {
    setSaved(null);
    setProblem(null);
    setStatus(null);
  }, [siteId]);
  useEffect(() => {
    if (!loaded.data) return;
    setSaved(loaded.data);
    setDraft(draftOf(loaded.data));
  }, [loaded.data]);
  useEffect(() => {
    if (loaded.error && !isAbort(loaded.error)) fail(loaded.error, 'The site settings could not be loaded');
  }, [loaded.error]);

  const set = (f: Field, value: string | boolean) => {
    setDraft((d) => (d ? { ...d, [f]: value } : d));
    setStatus(null);
    if (problem?.field === f) setProblem(null);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!saved || !draft || busy) return;
    const r = patchOf(draft, saved);
    if ('problem' in r) {
      setProblem(r.problem);
      if (r.problem.field) document.getElementById(`${id}-${r.problem.field}`)?.focus();
      return;
    }
    if (Object.keys(r.patch).length === 0) {
      setStatus('Nothing to save');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const next = await siteSettingsApi.change(saved.siteId, r.patch);
      setSaved(next);
      setDraft(draftOf(next));
      setSites((ss) => ss?.map((s) => (s.siteId === next.siteId ? { ...s, name: next.name, DomainName: next.DomainName } : s)) ?? ss);
      setStatus('Site settings saved: the public site uses them from its next page');
    } catch (err) {
      fail(err, 'The site settings could not be saved');
    }
    setBusy(false);
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setStatus('Uploading the logo…');
    try {
      set('LogoUrl', await uploadFile(file));
      setStatus('Logo uploaded: save to use it');
    } catch (err) {
      setStatus(null);
      setProblem({ field: 'LogoUrl', message: err instanceof Error ? `Failed to upload the logo: ${err.message}` : 'Failed to upload the logo' });
    }
  };

  if (sites === null)
    return (
      <section className={styles.panel}>
        <h2>Site settings</h2>
        {problem ? (
          <p role="alert" className={styles.error}>
            {problem.message}
          </p>
        ) : (
          <p className={styles.muted}>Loading…</p>
        )}
      </section>
    );
  if (sites.length === 0) {
    return (
      <section className={styles.panel}>
        <h2>Site settings</h2>
        <p className={styles.muted}>You have no site to manage. Site settings are for brokers (their sites) and staff.</p>
      </section>
    );
  }

  const fid = (f: Field) => `${id}-${f}`;
  const err = (f: Field) => (problem?.field === f ? problem.message : null);
  const aria = (f: Field, hint?: boolean) => ({
    id: fid(f),
    name: f,
    'aria-invalid': problem?.field === f,
    'aria-describedby': [hint ? `${fid(f)}-hint` : null, err(f) ? `${fid(f)}-error` : null].filter(Boolean).join(' ') || undefined,
  });
  const text = (f: Field, label: string, hint?: string, type = 'text') => (
    <div className={styles.field}>
      <label htmlFor={fid(f)}>{label}</label>
      <input type={type} value={String(draft?.[f] ?? '')} onChange={(e) => set(f, e.target.value)} {...aria(f, !!hint)} />
      {hint && (
        <p id={`${fid(f)}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {err(f) && (
        <p id={`${fid(f)}-error`} className={styles.fieldError}>
          {err(f)}
        </p>
      )}
    </div>
  );
  const check = (f: Field, label: ReactNode) => (
    <label className={styles.check} htmlFor={fid(f)}>
      <input type="checkbox" checked={draft?.[f] === true} onChange={(e) => set(f, e.target.checked)} {...aria(f)} />
      <span>{label}</span>
    </label>
  );
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Site settings</h2>
      {sites.length > 1 && (
        <div className={styles.field}>
          <label htmlFor={`${id}-site`}>Site</label>
          <select id={`${id}-site`} value={siteId ?? ''} onChange={(e) => setSiteId(e.target.value)}>
            {sites.map((s) => (
              <option key={s.siteId} value={s.siteId}>
                {s.name} ({s.DomainName ?? `${s.subdomain} subdomain`})
              </option>
            ))}
          </select>
        </div>
      )}
      {problem && !problem.field && (
        <p role="alert" className={styles.error}>
          {problem.message}
        </p>
      )}
      {!saved || !draft ? (
        !problem && <p className={styles.muted}>Loading…</p>
      ) : (
        <form className={styles.form} onSubmit={(e) => void save(e)} noValidate aria-busy={busy}>
          {problem?.field && (
            <p role="alert" className={styles.error}>
              {problem.message}
            </p>
          )}
          <fieldset className={styles.group}>
            <legend>Brand</legend>
            {text('name', 'Brand name')}
            <p className={styles.hint}>Colours, fonts and the home page’s cover: Site styles, below.</p>
            {text('LogoUrl', 'Logo address', 'An uploaded image, or an https:// address; empty: the brand name alone.')}
            <div className={styles.field}>
              <label htmlFor={`${id}-logo-file`}>Upload a logo</label>
              <input id={`${id}-logo-file`} type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => void upload(e.target.files?.[0])} />
              {typeof draft.LogoUrl === 'string' && draft.LogoUrl && <img className={styles.logo} src={draft.LogoUrl} alt="Logo preview" />}
            </div>
            <div className={styles.field}>
              <label htmlFor={fid('Disclaimer')}>Disclaimer</label>
              <textarea
                rows={3}
                maxLength={2000}
                value={String(draft.Disclaimer)}
                onChange={(e) => set('Disclaimer', e.target.value)}
                {...aria('Disclaimer', true)}
              />
              <p id={`${fid('Disclaimer')}-hint`} className={styles.hint}>
                Plain text shown under every page of the public site (licence, equal housing notice).
              </p>
              {err('Disclaimer') && (
                <p id={`${fid('Disclaimer')}-error`} className={styles.fieldError}>
                  {err('Disclaimer')}
                </p>
              )}
            </div>
          </fieldset>
          <fieldset className={styles.group}>
            <legend>Lender</legend>
            {text('LenderName', 'Lender’s name')}
            {text(
              'LenderUrl',
              'Lender application link',
              'An https:// address; shown as a mortgage pre-approval link on the seller suite, contact and listing pages. Empty: none.',
            )}
          </fieldset>
          <fieldset className={styles.group}>
            <legend>Domain</legend>
            <p className={styles.muted}>
              Subdomain: {saved.subdomain}
              {saved.isDefault ? ' (the default site)' : ''}
            </p>
            {text(
              'DomainName',
              'Custom domain (DomainName)',
              'For example homes.example.com; empty: the subdomain only. A domain serves the site once you prove it is yours.',
            )}
            <DnsRecordsTable domain={saved.DomainName} records={saved.dnsRecords} className={styles.records} captionClassName={styles.hint} />
            <DomainVerification
              saved={saved}
              unsaved={String(draft.DomainName).trim().toLowerCase().replace(/\.$/, '') !== (saved.DomainName ?? '')}
              onChecked={setSaved}
            />
          </fieldset>
          <fieldset className={styles.group}>
            <legend>Registration</legend>
            {check('Registration_AllowPartialName', 'Accept a single name (Registration_AllowPartialName)')}
            {check('Registration_SocialWithoutPhone', 'Social sign-up without a phone number (Registration_SocialWithoutPhone)')}
          </fieldset>
          <fieldset className={styles.group}>
            <legend>Search and sign-up prompt</legend>
            {check('SearchRequiresAccept', 'Visitors accept the terms before searching (SearchRequiresAccept)')}
            {text('PromptLevel', 'Prompt level (PromptLevel)', '0 never prompts; 1 lets visitors dismiss the prompt; 2 or more makes them register.', 'number')}
            <div className={styles.field}>
              <label htmlFor={fid('PromptPages')}>Prompt on (PromptPages)</label>
              <select value={String(draft.PromptPages)} onChange={(e) => set('PromptPages', e.target.value)} {...aria('PromptPages')}>
                <option value="0">All pages except account</option>
                <option value="1">Listing details only</option>
                <option value="2">Search only</option>
                <option value="3">Listing details and search</option>
              </select>
            </div>
            {text(
              'PromptViews',
              'Views before the prompt (PromptViews)',
              'The prompt shows once a visitor has seen more pages than this (counted for 7 days).',
              'number',
            )}
          </fieldset>
          <fieldset className={styles.group}>
            <legend>Navigation and CRM</legend>
            {check('On_MultiLineNav', 'Let the navigation wrap onto several lines (On_MultiLineNav)')}
            {text('MMSBulkSendCap', 'Most recipients of one video text (MMSBulkSendCap)', undefined, 'number')}
          </fieldset>
          <SettingsSave busy={busy} label="Save site settings" status={status} />
        </form>
      )}
      {saved && <SiteStylesPanel siteId={saved.siteId} siteName={saved.name} />}
    </section>
  );
}
