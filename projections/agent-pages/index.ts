export { agentPageKey, agentPagesProjection } from './agent-pages.projection';
export { type AgentPage, agentPageById, agentPageByKey, agentPageByMlsId, agentPagesOf } from './agent-pages.query';
