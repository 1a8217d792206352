export { AreaGuides } from './components/AreaGuides';
