import type { DnsRecordToSet } from '../../../src/contract/site-settings';

/** The DNS records a custom domain needs (site settings, onboarding), as a table; nothing without any. */
export function DnsRecordsTable({
  domain,
  records,
  className,
  captionClassName,
}: {
  domain: string | null;
  records: readonly DnsRecordToSet[];
  className?: string;
  captionClassName?: string;
}) {
  if (!domain || records.length === 0) return null;
  return (
    <table className={className}>
      <caption className={captionClassName}>DNS records to set at {domain}’s DNS host</caption>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
          <th scope="col">Note</th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={`${r.type} ${r.name}`}>
            <td>{r.type}</td>
            <td>{r.name}</td>
            <td>{r.value}</td>
            <td>{r.note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
