export * from './components/ConsentQuestion';
export * from './components/EvidenceDownload';
export * from './components/TextRulesSetting';
