import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../../../tests/support/decider-specification';
import type { TaskEvent } from '../tasks.events';
import { type ChangeTask, changeTaskDecider, TASK_NOT_FOUND } from './change-task.decide';

const DUE = '2030-03-05T17:00:00.000Z';
const LATER = '2030-03-06T17:00:00.000Z';
const created: TaskEvent = {
  type: 'TaskCreated',
  data: { taskId: 'T1', leadId: 'L1', siteId: 's1', officeId: 'B', title: 'Call back', taskType: 'call', dueAt: DUE, assigneeId: 'A1', byUserId: 'A1' },
};
const by = (byUserId: string) => ({ taskId: 'T1', leadId: 'L1', byUserId });
const completed = (u = 'A1'): TaskEvent => ({ type: 'TaskCompleted', data: by(u) });
const rescheduled: TaskEvent = { type: 'TaskRescheduled', data: { ...by('A1'), dueAt: LATER, fromDueAt: DUE } };
const reassigned: TaskEvent = { type: 'TaskReassigned', data: { ...by('B'), assigneeId: 'A2', fromAssigneeId: 'A1' } };
const change = (c: Omit<ChangeTask, 'taskId'>): ChangeTask => ({ taskId: 'T1', ...c });
const { given } = deciderSpecification(changeTaskDecider);

describe('ChangeTask (given / when / then)', () => {
  it('given an open task, when the assignee completes it, then TaskCompleted; completing again appends nothing', () => {
    given(created)
      .when(change({ byUserId: 'A1', done: true }))
      .then([completed()]);
    given(created, completed())
      .when(change({ byUserId: 'A1', done: true }))
      .thenNothing();
  });

  it('given a completed task, when reopened, then TaskReopened; reopening an open task appends nothing', () => {
    given(created, completed())
      .when(change({ byUserId: 'A1', done: false }))
      .then([{ type: 'TaskReopened', data: by('A1') }]);
    given(created)
      .when(change({ byUserId: 'A1', done: false }))
      .thenNothing();
  });

  it('given a task due Tuesday, when snoozed to Wednesday, then TaskRescheduled from the old time; the same time appends nothing', () => {
    given(created)
      .when(change({ byUserId: 'A1', dueAt: LATER }))
      .then([rescheduled]);
    given(created)
      .when(change({ byUserId: 'A1', dueAt: DUE }))
      .thenNothing();
  });

  it("given A1's task, when the broker hands it to A2, then TaskReassigned from A1; to A1 again appends nothing", () => {
    given(created)
      .when(change({ byUserId: 'B', assigneeId: 'A2' }))
      .then([reassigned]);
    given(created)
      .when(change({ byUserId: 'B', assigneeId: 'A1' }))
      .thenNothing();
  });

  it('given a task, when renamed, rescheduled and completed at once, then one event each in order', () => {
    given(created)
      .when(change({ byUserId: 'A1', title: 'Call back (cell)', dueAt: LATER, done: true }))
      .thenState((s) => expect(s).toMatchObject({ title: 'Call back (cell)', dueAt: LATER, done: true }));
    given(created)
      .when(change({ byUserId: 'A1', title: 'Call back (cell)', dueAt: LATER, done: true }))
      .then([{ type: 'TaskRetitled', data: { ...by('A1'), title: 'Call back (cell)' } }, rescheduled, completed()]);
  });

  it('given a task rescheduled, when the broker reassigns it, then the state has the new time and assignee', () => {
    given(created, rescheduled)
      .when(change({ byUserId: 'B', assigneeId: 'A2' }))
      .thenState((s) => expect(s).toMatchObject({ exists: true, dueAt: LATER, assigneeId: 'A2', done: false }));
  });

  it('given no task, when changed, then not found', () => {
    given()
      .when(change({ byUserId: 'A1', done: true }))
      .thenRefused({ code: 'not_found', message: TASK_NOT_FOUND });
  });
});
