import { describe, it } from 'vitest';
import { deciderSpecification } from '../../../../tests/support/decider-specification';
import type { TaskEvent } from '../tasks.events';
import { type CreateTask, createTaskDecider } from './create-task.decide';

const create = (over: Partial<CreateTask> = {}): CreateTask => ({
  taskId: 'T1',
  leadId: 'L1',
  siteId: 's1',
  officeId: 'B',
  leadAgentId: 'A1',
  title: 'Call back about the open house',
  taskType: 'call',
  dueAt: '2030-03-05T17:00:00.000Z',
  byUserId: 'A1',
  ...over,
});
const created = (assigneeId: string, byUserId: string): TaskEvent => ({
  type: 'TaskCreated',
  data: {
    taskId: 'T1',
    leadId: 'L1',
    siteId: 's1',
    officeId: 'B',
    title: 'Call back about the open house',
    taskType: 'call',
    dueAt: '2030-03-05T17:00:00.000Z',
    assigneeId,
    byUserId,
  },
});
const { given } = deciderSpecification(createTaskDecider);

describe('CreateTask (given / when / then)', () => {
  it("given no task, when the lead's agent adds one, then TaskCreated assigned to them", () => {
    given()
      .when(create())
      .then([created('A1', 'A1')]);
  });

  it("given no task, when the broker adds one on an agent's lead, then it goes to the lead's agent, made by the broker", () => {
    given()
      .when(create({ byUserId: 'B' }))
      .then([created('A1', 'B')]);
  });

  it('given a lead nobody holds (in the pond), when the broker adds a task, then the broker has it', () => {
    given()
      .when(create({ byUserId: 'B', leadAgentId: null }))
      .then([created('B', 'B')]);
  });

  it('given the task was created, when the same create comes again (a retry), then nothing', () => {
    given(created('A1', 'A1')).when(create()).thenNothing();
  });
});
