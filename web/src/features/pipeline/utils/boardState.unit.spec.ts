import { describe, expect, it } from 'vitest';
import { moveOnBoard, placeCard, withMore } from './boardState';
import type { Board, BoardCard } from '../api/pipelineApi';

const card = (leadId: string, stage: string): BoardCard => ({
  leadId,
  fullName: leadId,
  leadType: 'Buyer',
  stage,
  tags: [],
  lastActivityAt: '2026-01-01T00:00:00Z',
  assignedAgentId: 'A',
});
const board = (): Board => ({
  officeId: 'B',
  stages: ['New', 'Active'],
  columns: [
    { stage: 'New', inPipeline: true, count: 3, leads: [card('a', 'New'), card('b', 'New')] },
    { stage: 'Active', inPipeline: true, count: 1, leads: [card('c', 'Active')] },
  ],
  perColumn: 2,
  position: '0.0',
  me: { userId: 'A', role: 'agent' },
});
const shape = (b: Board) => b.columns.map((c) => `${c.stage}:${c.count}:${c.leads.map((l) => l.leadId).join(',')}`);

describe('the board’s moves', () => {
  it('moves a shown card to the top of its new column and both counts', () => {
    expect(shape(moveOnBoard(board(), 'b', 'New', 'Active'))).toEqual(['New:2:a', 'Active:2:b,c']);
  });

  it('a move already shown (its push after the viewer’s own move) changes nothing', () => {
    const once = moveOnBoard(board(), 'b', 'New', 'Active');
    expect(moveOnBoard(once, 'b', 'New', 'Active')).toBe(once);
  });

  it('a card not shown (beyond the first of its column) changes the counts, and shows when given', () => {
    expect(shape(moveOnBoard(board(), 'z', 'New', 'Active'))).toEqual(['New:2:a,b', 'Active:2:c']);
    expect(shape(moveOnBoard(board(), 'z', 'New', 'Active', card('z', 'New')))).toEqual(['New:2:a,b', 'Active:2:z,c']);
  });

  it('a stage with no column gets one at the end, marked as not in the pipeline', () => {
    const b = moveOnBoard(board(), 'c', 'Active', 'Old');
    expect(shape(b)).toEqual(['New:3:a,b', 'Active:0:', 'Old:1:c']);
    expect(b.columns[2]!.inPipeline).toBe(false);
  });

  it('more cards of a column are added without duplicates', () => {
    expect(shape(withMore(board(), 'New', [card('b', 'New'), card('d', 'New')]))).toEqual(['New:3:a,b,d', 'Active:1:c']);
  });
});

describe('a card the board did not show', () => {
  it('is placed on top of its column once its face is known, once', () => {
    const b = placeCard(board(), card('z', 'Active'));
    expect(shape(b)).toEqual(['New:3:a,b', 'Active:1:z,c']);
    expect(placeCard(b, card('z', 'Active'))).toBe(b);
  });
});
