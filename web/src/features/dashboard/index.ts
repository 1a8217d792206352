export { DashboardPage } from './components/DashboardPage';
export * from './views';
