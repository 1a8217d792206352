// Every context builds its command context from a request; the sites context cannot import accounts.
export { commandContextOf } from '../../../http/request-context';
