import { beforeEach, describe, expect, it } from 'vitest';
import { appendedNow, type GivenEvent, projectionSpecification, specId } from '../../../../tests/support/projection-specification';
import type { TaskEvent } from '../tasks.events';
import { REMINDER_QUEUED_SIGNAL, reminderId, reminderQueueProjection } from './reminder.queue';

const HOUR = 3600_000;
const AGENT = specId(2);
const OTHER = specId(4);
/** Each case its own task (the cases share one database). */
let TASK = '';
const ids = () => ({ taskId: TASK, leadId: specId(1), byUserId: AGENT });
let n = 100;
const nextTask = () => (TASK = specId(++n));
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const now = <E extends TaskEvent>(e: E): GivenEvent & E => ({ ...e, metadata: appendedNow() });
const created = (dueAt: string) =>
  now({
    type: 'TaskCreated',
    data: { ...ids(), siteId: specId(5), officeId: specId(3), title: 'Call back', taskType: 'call', dueAt, assigneeId: AGENT },
  } as const);
const moved = (dueAt: string, fromDueAt: string) => now({ type: 'TaskRescheduled', data: { ...ids(), dueAt, fromDueAt } } as const);
const rows = 'SELECT reminder_id, due_at, assignee_id, state FROM task_reminder_outbox WHERE task_id = $1 ORDER BY due_at';
const row = (dueAt: string, state: string, assignee: string | null = AGENT) => ({
  reminder_id: reminderId(TASK, new Date(dueAt)),
  due_at: new Date(dueAt),
  assignee_id: assignee,
  state,
});

describe('task reminders queue', () => {
  const spec = projectionSpecification(reminderQueueProjection);
  beforeEach(nextTask);
  const [soon, later] = [inHours(2), inHours(5)];

  it('given nothing, when a task is made due ahead, then its reminder waits pending under its id and the sender is woken', () =>
    spec
      .given()
      .when(created(soon))
      .then(async ({ rows: read, signals }) => {
        expect(await read(rows, [TASK])).toEqual([row(soon, 'pending')]);
        expect(signals).toEqual([{ signal: REMINDER_QUEUED_SIGNAL, payload: { queued: 1 } }]);
      }));

  it('given nothing, when a task is made already past due, then nothing is queued', () =>
    spec
      .given()
      .when(created(inHours(-1)))
      .then(async ({ rows: read }) => expect(await read(rows, [TASK])).toEqual([])));

  it('given a reminder, when the task is snoozed, then the old time’s is void and the new one pending; moved into the past, none waits', () =>
    spec
      .given(created(soon), moved(later, soon))
      .when(moved(inHours(-1), later))
      .then(async ({ rows: read }) => expect(await read(rows, [TASK])).toEqual([row(soon, 'void'), row(later, 'void', null)])));

  it('given a reminder, when the task is handed on, then the reminder names the new assignee', () =>
    spec
      .given(created(soon))
      .when(now({ type: 'TaskReassigned', data: { ...ids(), assigneeId: OTHER, fromAssigneeId: AGENT } } as const))
      .then(async ({ rows: read }) => expect(await read(rows, [TASK])).toEqual([row(soon, 'pending', OTHER)])));

  it('given a reminder of a task done, when it is reopened, then the reminder waits again; applied again, nothing is queued twice', () =>
    spec
      .given(created(soon), now({ type: 'TaskCompleted', data: ids() } as const), created(soon))
      .when(now({ type: 'TaskReopened', data: ids() } as const))
      .then(async ({ rows: read }) => expect(await read(rows, [TASK])).toEqual([row(soon, 'pending')])));
});
