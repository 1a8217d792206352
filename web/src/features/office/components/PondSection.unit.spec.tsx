import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PondSection } from './PondSection';
import { fakePushes as pushes, fakeServer as server, json } from '../../../lib/testSupport';

const lead = (leadId: string, fullName: string) => ({ leadId, fullName, leadType: 'Buyer', source: 'direct', createdAt: '2026-11-23T10:00:00.000Z' });
const ROUTING = { officeId: 'B', pond: { enabled: true, claimWindowMinutes: 0 }, copyBrokerOnNewLeads: false };

const show = async (p: ReturnType<typeof pushes>, onClaimed = vi.fn()) => {
  await act(
    async () => void render(<PondSection subscribe={p.subscribe} role="agent" connected now={Date.parse('2026-11-23T10:05:00.000Z')} onClaimed={onClaimed} />),
  );
  return onClaimed;
};

describe('the pond on the dashboard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the pond, adds a lead put in it and drops one claimed by anyone, live', async () => {
    server({ 'GET /api/dashboard/pond': () => json(200, { leads: [lead('L1', 'Pia Pond')] }), 'GET /api/dashboard/routing': () => json(200, ROUTING) });
    const p = pushes();
    await show(p);
    expect(screen.getByRole('button', { name: 'Claim Pia Pond' })).toBeTruthy();
    await p.emit({
      name: 'lead.pond',
      payload: { leadId: 'L2', fullName: 'Quinn Quay', leadType: 'Seller', at: '2026-11-23T10:04:00.000Z', reason: 'not-contacted', fromAgentId: 'A1' },
    });
    expect(screen.getByRole('button', { name: 'Claim Quinn Quay' })).toBeTruthy();
    await p.emit({ name: 'lead.claimed', payload: { leadId: 'L1', agentId: 'A2', at: '2026-11-23T10:05:00.000Z' } });
    expect(screen.queryByRole('button', { name: 'Claim Pia Pond' })).toBeNull();
    expect(screen.getByRole('heading', { name: /^Pond/ }).textContent).toBe('Pond 1');
  });

  it('claims optimistically: the lead leaves the pond at once, then opens when it is yours', async () => {
    const calls = server({
      'GET /api/dashboard/pond': () => json(200, { leads: [lead('L1', 'Pia Pond')] }),
      'GET /api/dashboard/routing': () => json(200, ROUTING),
      'POST /api/dashboard/leads/L1/claim': () => json(200, { isSuccess: true, leadId: 'L1', agentId: 'A1' }),
    });
    const onClaimed = await show(pushes());
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Claim Pia Pond' })));
    expect(calls).toContain('POST /api/dashboard/leads/L1/claim');
    expect(screen.queryByRole('button', { name: 'Claim Pia Pond' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Pia Pond is yours now');
    expect(onClaimed).toHaveBeenCalledWith('L1');
  });

  it('a claim that lost (409) says who won and does not open the lead; a failure puts the lead back with the reason', async () => {
    let claimAnswer = () => json(409, { message: 'Jane Agent claimed this lead first' });
    server({
      'GET /api/dashboard/pond': () => json(200, { leads: [lead('L1', 'Pia Pond'), lead('L2', 'Quinn Quay')] }),
      'GET /api/dashboard/routing': () => json(200, ROUTING),
      'POST /api/dashboard/leads/L1/claim': () => claimAnswer(),
      'POST /api/dashboard/leads/L2/claim': () => json(503, { message: 'Please try again in a moment' }),
    });
    const onClaimed = await show(pushes());
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Claim Pia Pond' })));
    expect(screen.getByRole('alert').textContent).toBe('Jane Agent claimed this lead first');
    expect(screen.queryByRole('button', { name: 'Claim Pia Pond' })).toBeNull();
    expect(onClaimed).not.toHaveBeenCalled();
    claimAnswer = () => json(200, {});
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Claim Quinn Quay' })));
    expect(screen.getByRole('alert').textContent).toBe('Please try again in a moment');
    expect(screen.getByRole('button', { name: 'Claim Quinn Quay' })).toBeTruthy();
  });

  it('an office without a pond and nothing in it shows nothing; with a pond, an empty state', async () => {
    server({
      'GET /api/dashboard/pond': () => json(200, { leads: [] }),
      'GET /api/dashboard/routing': () => json(200, { ...ROUTING, pond: { enabled: false, claimWindowMinutes: 15 } }),
    });
    await show(pushes());
    expect(screen.queryByRole('heading', { name: /^Pond/ })).toBeNull();
    cleanup();
    server({ 'GET /api/dashboard/pond': () => json(200, { leads: [] }), 'GET /api/dashboard/routing': () => json(200, ROUTING) });
    await show(pushes());
    expect(screen.getByText('The pond is empty. Leads nobody contacts in time appear here.')).toBeTruthy();
  });
});
