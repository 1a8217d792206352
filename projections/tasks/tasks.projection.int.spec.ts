import { describe, expect, it } from 'vitest';
import type { TaskEvent } from '../../src/modules/tasks/tasks.events';
import { captured } from '../../tests/support/lead-events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { listTasks, tasksProjection, timeZoneOf } from './index';

const LEAD = specId(1);
const AGENT = specId(2);
const BROKER = specId(3);
const OTHER_AGENT = specId(4);
const lead = captured({ leadId: LEAD, siteId: specId(5), userId: specId(6), fullName: 'Ada Lovelace' });
const created = (n: number, dueAt: string, title = `Call back ${n}`): TaskEvent => ({
  type: 'TaskCreated',
  data: { taskId: specId(100 + n), leadId: LEAD, siteId: specId(5), officeId: BROKER, title, taskType: 'call', dueAt, assigneeId: AGENT, byUserId: AGENT },
});
const task = (n: number) => ({ taskId: specId(100 + n), leadId: LEAD, byUserId: AGENT });
// 18:00 on March 2nd in Los Angeles (2 a.m. on the 3rd in London).
const EVENING = '2026-03-03T02:00:00.000Z';
const NOW = new Date('2026-03-02T20:00:00.000Z');

describe('tasks read model', () => {
  const spec = projectionSpecification(tasksProjection);

  it("given tasks at one instant for an agent in the default zone (Los Angeles) and one in London, then each one's today is their own day, not UTC's", () =>
    spec
      .given(lead, { type: 'AgentTimeZoneSet', data: { userId: OTHER_AGENT, timeZone: 'Europe/London', how: 'settings' } }, created(1, EVENING), {
        type: 'TaskCreated',
        data: { ...(created(2, EVENING).data as Extract<TaskEvent, { type: 'TaskCreated' }>['data']), assigneeId: OTHER_AGENT },
      })
      .then(async ({ pool }) => {
        expect(await listTasks(pool, { kind: 'assignee', userId: AGENT }, 'today', NOW)).toMatchObject([
          { taskId: specId(101), leadName: 'Ada Lovelace', done: false },
        ]);
        expect(await listTasks(pool, { kind: 'assignee', userId: OTHER_AGENT }, 'today', NOW)).toEqual([]);
        expect((await listTasks(pool, { kind: 'assignee', userId: OTHER_AGENT }, 'upcoming', NOW)).map((t) => t.taskId)).toEqual([specId(102)]);
        expect(await timeZoneOf(pool, OTHER_AGENT)).toBe('Europe/London');
        expect(await timeZoneOf(pool, AGENT)).toBeNull();
      }));

  it("given a task, when it is completed, then it leaves today's list, and the assignee's, the office's and staff's calendars hear of it", () =>
    spec
      .given(lead, created(1, EVENING))
      .when({ type: 'TaskCompleted', data: task(1) })
      .then(async ({ pool, pushes }) => {
        expect(await listTasks(pool, { kind: 'office', officeId: BROKER }, 'today', NOW)).toEqual([]);
        expect((await listTasks(pool, { kind: 'lead', leadId: LEAD }, undefined, NOW)).map((t) => t.done)).toEqual([true]);
        expect(pushes).toEqual([
          {
            to: [`user:${AGENT}`, `user:${BROKER}`, 'staff'],
            name: 'calendar.changed',
            payload: { kind: 'task', id: specId(101), at: '2026-03-02T15:03:00.000Z' },
          },
        ]);
      }));

  it('given a task, when it is handed to another agent, then it is theirs, and the agent who had it hears it went', () =>
    spec
      .given(lead, created(1, EVENING))
      .when({ type: 'TaskReassigned', data: { ...task(1), assigneeId: OTHER_AGENT, fromAssigneeId: AGENT } })
      .then(async ({ pool, pushes }) => {
        expect((await listTasks(pool, { kind: 'assignee', userId: OTHER_AGENT }, undefined, NOW)).map((t) => t.taskId)).toEqual([specId(101)]);
        expect(pushes[0]!.to).toEqual([`user:${OTHER_AGENT}`, `user:${BROKER}`, `user:${AGENT}`, 'staff']);
      }));
});
