import { describe, expect, it } from 'vitest';
import { LEAD_LIST, viewOf } from '../features/dashboard';
import { DASHBOARD_VIEWS } from './dashboardViews';

describe("the dashboard's table of views", () => {
  it('names each view once; the lead list is the shell’s own, every other view loads on first use', () => {
    const ids = DASHBOARD_VIEWS.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(DASHBOARD_VIEWS.filter((v) => v.View === null).map((v) => v.id)).toEqual([LEAD_LIST]);
  });

  it('opens the view a ?view= names and the lead list for anything else', () => {
    expect(viewOf(DASHBOARD_VIEWS, 'team').label).toBe('Team');
    expect(viewOf(DASHBOARD_VIEWS, 'reports').place).toBe('reports');
    expect(viewOf(DASHBOARD_VIEWS, 'nonsense').id).toBe(LEAD_LIST);
    expect(viewOf(DASHBOARD_VIEWS, null).id).toBe(LEAD_LIST);
  });

  it("falls back to the lead list for a view that is not the viewer's role, once the role is known", () => {
    expect(viewOf(DASHBOARD_VIEWS, 'feeds', 'broker').id).toBe(LEAD_LIST);
    expect(viewOf(DASHBOARD_VIEWS, 'pipeline', 'agent').id).toBe(LEAD_LIST);
    expect(viewOf(DASHBOARD_VIEWS, 'feeds', 'staff').id).toBe('feeds');
    expect(viewOf(DASHBOARD_VIEWS, 'feeds').id).toBe('feeds');
  });

  it("shows the pipeline and the site settings to brokers and staff only, MLS feeds to staff only, and the office's lead intake (lead flow, Facebook pages) to its broker only", () => {
    const forAgents = DASHBOARD_VIEWS.filter((v) => v.roles.includes('agent')).map((v) => v.id);
    expect(forAgents).not.toContain('pipeline');
    expect(forAgents).not.toContain('site');
    expect(DASHBOARD_VIEWS.filter((v) => v.roles.includes('broker')).map((v) => v.id)).toEqual(DASHBOARD_VIEWS.map((v) => v.id).filter((id) => id !== 'feeds'));
    expect(DASHBOARD_VIEWS.filter((v) => v.roles.includes('staff')).map((v) => v.id)).toEqual(
      DASHBOARD_VIEWS.map((v) => v.id).filter((id) => id !== 'lead-flow' && id !== 'facebook'),
    );
  });
});
