export * from './components/LeadAgreements';
export * from './components/SigningPage';
export * from './components/UncoveredBuyersView';
