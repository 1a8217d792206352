export { LeadCma } from './LeadCma';
export { CmaPage } from './CmaPage';
