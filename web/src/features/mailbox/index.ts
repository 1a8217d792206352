// What other features use of the mailbox: the settings view's section.
export { MailboxSetting } from './components/MailboxSetting';
