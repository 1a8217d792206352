export * from './ExportLinks';
export * from './openSignIn';
export * from './signInRequest';
