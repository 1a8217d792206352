import { it } from 'vitest';
import { readImportGraph } from './import-graph';
import { wallViolations } from './walls';
it('probe', () => {
  const g = readImportGraph(process.cwd(), ['src', 'projections', 'web/src', 'tests']);
  const v = wallViolations(g);
  const kinds = new Map<string, number>();
  for (const x of v) kinds.set(x.split(':')[0]!, (kinds.get(x.split(':')[0]!) ?? 0) + 1);
  console.log(g.files.length, kinds);
  console.log(v.filter((x) => !x.startsWith('cycle')).join('\n'));
});
