export * from './components/MailboxPage';
