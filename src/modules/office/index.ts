export type {
  AgentActivated,
  AgentBioChanged,
  AgentDeactivated,
  AgentMlsIdChanged,
  AgentProfileEvent,
  ListingAgentLinked,
  OfficeEvent,
  RoundRobinTurnTaken,
  RoutingEvent,
} from './office.events';
export { agentProfileStream, officeEventTypes, officeStream, ROUTE_LEAD_PUSH, routingEventTypes, routingStream } from './office.events';
export { decideOffice, evolveOffice, initialOffice, type Office, pipelineOf } from './office';
export { loadOffice, officeOfViewer } from './load-office';
export { nextTurn, routeLead, type Rotation, type RoutingRules } from './routing-rules';
export { decideAssignLead, evolveRotation, initialRotation } from './route-lead/assign-lead.decide';
export { leadFlowAt } from './route-lead/lead-flow-at';
export { OfficeModule } from './office.module';
export { DEFAULT_STAGES, NEW_STAGE, stageIn } from './stages';
