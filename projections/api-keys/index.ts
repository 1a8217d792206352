export { apiKeysProjection } from './api-keys.projection';
export { type ApiKeyRow, apiKeysOf } from './api-keys.query';
