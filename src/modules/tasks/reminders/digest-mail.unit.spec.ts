import { describe, expect, it } from 'vitest';
import type { TaskView } from '../../../contract/tasks';
import { renderTaskDigest } from './digest-mail';

const task = (over: Partial<TaskView>): TaskView => ({
  taskId: 't1',
  leadId: '11111111-1111-4111-8111-111111111111',
  title: 'Call back',
  type: 'call',
  dueAt: '2030-03-05T17:30:00.000Z',
  done: false,
  assigneeId: 'a1',
  leadName: 'Ada Lovelace',
  ...over,
});

describe('the morning task digest e-mail', () => {
  it("lists overdue and today's tasks on the agent's clock, with counts in the subject and a link to each lead", () => {
    const m = renderTaskDigest({
      to: 'agent@demo.test',
      firstName: 'Alice',
      localDate: '2030-03-05',
      timeZone: 'America/New_York',
      overdue: [task({ title: 'Send comps', type: 'email', dueAt: '2030-03-04T20:00:00.000Z', leadName: 'Bo' })],
      today: [task({})],
      baseUrl: 'https://demo.example',
    });
    expect(m.subject).toBe('Your tasks for Tue, Mar 5: 1 today, 1 overdue');
    expect(m.text).toContain('Overdue:\n- Mon, Mar 4, 3:00 PM · E-mail · Send comps (Bo)');
    expect(m.text).toContain(
      'Today:\n- 12:30 PM · Call · Call back (Ada Lovelace)\n  https://demo.example/dashboard?lead=11111111-1111-4111-8111-111111111111',
    );
    expect(m.text.indexOf('Overdue:')).toBeLessThan(m.text.indexOf('Today:'));
  });

  it('escapes what people typed in the HTML part and leaves out an empty section', () => {
    const m = renderTaskDigest({
      to: 'a@b.test',
      firstName: '',
      localDate: '2030-03-05',
      timeZone: 'America/Los_Angeles',
      overdue: [],
      today: [task({ title: '<b>Bring</b> keys & code', leadName: '<i>x</i>' })],
      baseUrl: 'https://demo.example',
    });
    expect(m.subject).toBe('Your tasks for Tue, Mar 5: 1 today');
    expect(m.html).toContain('&lt;b&gt;Bring&lt;/b&gt; keys &amp; code (&lt;i&gt;x&lt;/i&gt;)');
    expect(m.html).not.toContain('<b>Bring');
    expect(m.text).not.toContain('Overdue');
  });
});
