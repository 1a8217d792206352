import type { ReactNode } from 'react';
import type { AccountView } from '../../api/backoffice';
import { Link } from '../../app/Link';
import { Section } from '../../ui/Section';
import { type ActionDef, invoiceActions, unlinkAction, unmergeAction } from './accountActions';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable';
import { accountHref, dollars, personName } from './backofficeFormat';
import record from './AccountRecord.module.css';

const owed = (i: AccountView['admin']['invoices'][number]) => Math.max(0, i.amountCents - i.paidCents - i.creditedCents - i.writtenOffCents);
const yes = (b: boolean) => (b ? 'Yes' : 'No');

/** One part of the record: a titled block of the grid (`wide`: across it). */
const Block = ({ id, title, wide, children }: { id: string; title: string; wide?: boolean; children: ReactNode }) => (
  <Section id={id} title={title} level={3} className={wide ? `${record.block} ${record.wide}` : record.block} headingClassName={styles.sectionTitle}>
    {children}
  </Section>
);

/** What staff have recorded about the account (the fold of its back-office stream), with the actions that need a row. */
export function AccountRecord({ view, onAction }: { view: AccountView; onAction: (a: ActionDef) => void }) {
  const { admin, people, userId } = view;
  const button = (a: ActionDef, key = a.id) => (
    <button key={key} type="button" className={`btn ${styles.btnSmall} ${a.danger ? styles.btnDanger : ''}`} onClick={() => onAction(a)}>
      {a.label}
    </button>
  );
  return (
    <div className={record.grid}>
      <Block id="rec-related" title="Related accounts">
        {!admin.mergedInto && admin.absorbed.length === 0 && admin.links.length === 0 && <p className={styles.muted}>None.</p>}
        <ul className={record.list}>
          {admin.mergedInto && (
            <li>
              Merged into <Link href={accountHref(admin.mergedInto.userId)}>{personName(people, admin.mergedInto.userId)}</Link>{' '}
              {button(unmergeAction(admin.mergedInto.userId, userId))}
            </li>
          )}
          {admin.absorbed.map((a) => (
            <li key={a.mergeId}>
              <Link href={accountHref(a.userId)}>{personName(people, a.userId)}</Link> was merged into this account {button(unmergeAction(userId, a.userId))}
            </li>
          ))}
          {admin.links.map((l) => (
            <li key={l.userId}>
              Linked ({l.relation}) to <Link href={accountHref(l.userId)}>{personName(people, l.userId)}</Link> {button(unlinkAction(l.userId))}
            </li>
          ))}
        </ul>
      </Block>
      <Block id="rec-notes" title="Notes">
        {admin.notes.length === 0 ? (
          <p className={styles.muted}>No notes yet.</p>
        ) : (
          <ul className={record.list}>
            {admin.notes.map((n) => (
              <li key={n.noteId}>
                <span className={record.note}>{n.text}</span>
                <span className={`${styles.muted} ${styles.small}`}> — {n.reason}</span>
              </li>
            ))}
          </ul>
        )}
      </Block>
      <Block id="rec-churn" title="Churn">
        <dl className={styles.facts}>
          <dt>Offboarding</dt>
          <dd>{yes(admin.churn.offboarding)}</dd>
          <dt>Quit reason</dt>
          <dd>{admin.churn.quitReason ?? '—'}</dd>
          <dt>Platform locked</dt>
          <dd>{yes(admin.churn.platformLocked)}</dd>
          <dt>Marketing paused</dt>
          <dd>{admin.churn.marketingPaused ? `Yes${admin.churn.marketingPausedUntil ? `, until ${admin.churn.marketingPausedUntil}` : ''}` : 'No'}</dd>
          <dt>Restored domains</dt>
          <dd>{admin.churn.restoredDomains.join(', ') || '—'}</dd>
        </dl>
      </Block>
      <Block id="rec-onboarding" title="Onboarding">
        <dl className={styles.facts}>
          <dt>Status</dt>
          <dd>{admin.onboarding.status}</dd>
          <dt>Launched sites</dt>
          <dd>{admin.onboarding.launchedSites.map((id) => view.ownedSites.find((s) => s.siteId === id)?.subdomain ?? id).join(', ') || '—'}</dd>
          <dt>DNS</dt>
          <dd>
            {admin.onboarding.dns
              ? `${admin.onboarding.dns.domain}: ${admin.onboarding.dns.records.map((r) => `${r.type} ${r.name} ${r.value}`).join('; ')}`
              : '—'}
          </dd>
          <dt>Terms</dt>
          <dd>{admin.onboarding.terms ? `${admin.onboarding.terms.termsVersion}, accepted ${admin.onboarding.terms.acceptedOn}` : '—'}</dd>
          <dt>Welcome e-mails</dt>
          <dd>{admin.onboarding.welcomeEmails}</dd>
        </dl>
      </Block>
      <Block id="rec-invoices" title="Invoices" wide>
        {admin.invoices.length === 0 ? (
          <p className={styles.muted}>No invoices.</p>
        ) : (
          <DataTable columns={['Number', 'Description', 'Due', { label: 'Amount', num: true }, { label: 'Owed', num: true }, 'Status', 'Actions']}>
            {admin.invoices.map((i) => (
              <tr key={i.invoiceId}>
                <td className={`${styles.mono} ${styles.nowrap}`}>{i.number}</td>
                <td>
                  {i.description}
                  {i.notes.map((n, k) => (
                    <span key={k} className={`${record.invoiceNote} ${styles.small}`}>
                      {n}
                    </span>
                  ))}
                </td>
                <td className={styles.nowrap}>{i.dueOn}</td>
                <td className={styles.num}>{dollars(i.amountCents)}</td>
                <td className={styles.num}>{dollars(owed(i))}</td>
                <td>
                  <span
                    className={styles.badge}
                    data-tone={i.status === 'paid' ? 'good' : i.status === 'open' ? 'info' : i.status === 'disputed' ? 'warn' : undefined}
                  >
                    {i.status}
                  </span>
                </td>
                <td>
                  <div className={record.invoiceButtons} role="group" aria-label={`Actions on ${i.number}`}>
                    {invoiceActions(i).map((a) => button(a, `${i.invoiceId}-${a.id}`))}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Block>
    </div>
  );
}
