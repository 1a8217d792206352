export * from './api/pipelineApi';
