export { EraseAddressPanel } from './EraseAddressPanel';
