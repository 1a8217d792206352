export * from './components/CommunicationPreferences';
