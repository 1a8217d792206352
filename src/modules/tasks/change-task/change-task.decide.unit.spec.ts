import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import type { TaskEvent } from '../tasks.events';
import { changeTaskDecider, decideChangeTask, TASK_NOT_FOUND } from './change-task.decide';

const DUE = '2030-03-05T17:00:00.000Z';
const LATER = '2030-03-06T17:00:00.000Z';
const created: TaskEvent = {
  type: 'TaskCreated',
  data: { taskId: 'T1', leadId: 'L1', siteId: 's1', officeId: 'B', title: 'Call back', taskType: 'call', dueAt: DUE, assigneeId: 'A1', byUserId: 'A1' },
};
const by = (byUserId: string) => ({ taskId: 'T1', leadId: 'L1', byUserId });
const completed = (u = 'A1'): TaskEvent => ({ type: 'TaskCompleted', data: by(u) });
const given = (...events: TaskEvent[]) => fold(changeTaskDecider, events);

describe('ChangeTask (given / when / then)', () => {
  it('given an open task, when the assignee completes it, then TaskCompleted; completing again appends nothing', () => {
    expect(decideChangeTask({ taskId: 'T1', byUserId: 'A1', done: true }, given(created))).toEqual([completed()]);
    expect(decideChangeTask({ taskId: 'T1', byUserId: 'A1', done: true }, given(created, completed()))).toEqual([]);
  });

  it('given a completed task, when reopened, then TaskReopened; reopening an open task appends nothing', () => {
    expect(decideChangeTask({ taskId: 'T1', byUserId: 'A1', done: false }, given(created, completed()))).toEqual([{ type: 'TaskReopened', data: by('A1') }]);
    expect(decideChangeTask({ taskId: 'T1', byUserId: 'A1', done: false }, given(created))).toEqual([]);
  });

  it('given a task due Tuesday, when snoozed to Wednesday, then TaskRescheduled from the old time; the same time appends nothing', () => {
    expect(decideChangeTask({ taskId: 'T1', byUserId: 'A1', dueAt: LATER }, given(created))).toEqual([
      { type: 'TaskRescheduled', data: { ...by('A1'), dueAt: LATER, fromDueAt: DUE } },
    ]);
    expect(decideChangeTask({ taskId: 'T1', byUserId: 'A1', dueAt: DUE }, given(created))).toEqual([]);
  });

  it("given A1's task, when the broker hands it to A2, then TaskReassigned from A1; to A1 again appends nothing", () => {
    expect(decideChangeTask({ taskId: 'T1', byUserId: 'B', assigneeId: 'A2' }, given(created))).toEqual([
      { type: 'TaskReassigned', data: { ...by('B'), assigneeId: 'A2', fromAssigneeId: 'A1' } },
    ]);
    expect(decideChangeTask({ taskId: 'T1', byUserId: 'B', assigneeId: 'A1' }, given(created))).toEqual([]);
  });

  it('given a task, when renamed, rescheduled and completed at once, then one event each in order', () => {
    expect(decideChangeTask({ taskId: 'T1', byUserId: 'A1', title: 'Call back (cell)', dueAt: LATER, done: true }, given(created)).map((e) => e.type)).toEqual([
      'TaskRetitled',
      'TaskRescheduled',
      'TaskCompleted',
    ]);
  });

  it('given a rescheduled and reassigned task, when folded, then the state has the new time and assignee', () => {
    const s = given(created, { type: 'TaskRescheduled', data: { ...by('A1'), dueAt: LATER, fromDueAt: DUE } }, { type: 'TaskReassigned', data: { ...by('B'), assigneeId: 'A2', fromAssigneeId: 'A1' } });
    expect(s).toMatchObject({ exists: true, dueAt: LATER, assigneeId: 'A2', done: false });
  });

  it('given no task, when changed, then not found', () => {
    expect(refused(() => decideChangeTask({ taskId: 'T1', byUserId: 'A1', done: true }, given()))).toMatchObject({ code: 'not_found', message: TASK_NOT_FOUND });
  });
});
