export { PlanRunner } from './run-steps/plan-runner.reactor';
export { PlansModule } from './plans.module';
// The starter kit copies its plans into an office through the plans' own decider.
export { planStream } from './plans.events';
export { planDecider } from './save-plan/save-plan.decide';
export { planWorkQueue } from './run-steps/plan-work.queue';
