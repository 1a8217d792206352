import { contract } from '../../../src/contract/routes';
import type { BodyInput } from '../../../src/contract/route';
import { api } from './contract-client';

export type SetupInput = BodyInput<typeof contract.setup.run>;

export const checkSetupToken = (token: string) => api(contract.setup.check, { body: { token } });
export const runSetup = (input: SetupInput) => api(contract.setup.run, { body: input });
