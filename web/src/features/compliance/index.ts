export * from './components/ConsentQuestion';
export * from './components/EvidenceDownload';
