import path from 'node:path';
import { projectRoot } from '../shared/paths';

/** The demo's real data ships in the repository, compressed (data/demo/README.md: provenance). */
export const demoDataDir = path.join(projectRoot, 'data', 'demo');
export const KING_COUNTY_CSV = path.join(demoDataDir, 'kc_house_data.csv.gz');
export const SACRAMENTO_CSV = path.join(demoDataDir, 'sacramento_transactions.csv.gz');
export const SEATTLE_SCHOOLS_CSV = path.join(demoDataDir, 'nces-schools-seattle.csv');
