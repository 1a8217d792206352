export { agentPageKey, agentPagesProjection } from './agent-pages.projection';
export { type AgentPage, agentPageByKey, agentPageByMlsId, agentPagesOf } from './agent-pages.query';
