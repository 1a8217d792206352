export * from './api/conversationApi';
export * from './api/emailApi';
export * from './components/ChatPanel';
export * from './components/ConversationPanel';
export * from './components/EmailComposer';
export * from './components/EmailDraftFields';
export * from './components/LeadCall';
export * from './components/TextMessageDialog';
