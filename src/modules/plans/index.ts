export { PlanRunner } from './run-steps/plan-runner.reactor';
export { PlansModule } from './plans.module';
