export * from './api/leadIoApi';
export * from './components/AddLeadDialog';
export * from './components/LeadDetails';
export * from './components/LeadListPane';
export * from './components/MergedFrom';
export * from './hooks/useLeadDetails';
export * from './hooks/useSmartLists';
