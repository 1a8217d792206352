export * from './utils/openSignIn';
export * from './utils/signInRequest';
