import fs from 'node:fs';
import path from 'node:path';

/** A row of the dashboard's table of views as the bench needs it: its `?view=` id and who may open it. */
export type ViewRow = { readonly id: string; readonly roles: 'ALL' | 'MANAGERS' | 'STAFF' };

/**
 * The rows of DASHBOARD_VIEWS, read from the web app's source (the table is React code with
 * dynamic imports, which this Node process cannot load), so that a view added there is measured.
 */
export function dashboardViewRows(root = process.cwd()): ViewRow[] {
  const text = fs.readFileSync(path.join(root, 'web/src/app/dashboardViews.tsx'), 'utf8');
  const rows = [...text.matchAll(/id: '([^']+)',\s*label: '[^']*',\s*place: '[^']+',\s*roles: (ALL|MANAGERS|STAFF)\b/g)].map((m) => ({
    id: m[1]!,
    roles: m[2] as ViewRow['roles'],
  }));
  if (!rows.some((r) => r.id === 'leads')) throw new Error('no rows found in web/src/app/dashboardViews.tsx: has the table changed shape?');
  return rows;
}
