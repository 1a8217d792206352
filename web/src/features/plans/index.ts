export * from './components/LeadPlans';
