export * from './components/LeadShowings';
export * from './components/LeadTasks';
export * from './components/TimeZoneSetting';
