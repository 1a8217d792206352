export { type Commands, FIRST_RUN_MESSAGES, type FirstRun, hasAnyAccount, runFirstRun } from './first-run';
export { issueSetupToken, setupOpen, setupTokenValid } from './setup-link';
export { SetupModule } from './setup.module';
export { setupPage } from './setup-page';
