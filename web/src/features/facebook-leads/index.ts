export { FacebookLeadsView } from './components/FacebookLeadsView';
