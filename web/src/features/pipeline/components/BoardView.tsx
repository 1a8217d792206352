import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { Subscribe } from '../../conversation';
import styles from './BoardView.module.css';
import { findCard, moveOnBoard, placeCard, withMore } from '../utils/boardState';
import { dashboardApi } from '../../../api/dashboardApi';
import { fullDate, relativeTime } from '../../../lib/dashboardFormat';
import { OfficePicker, useStaffOffice } from '../../../ui/OfficePicker';
import { type Board, type BoardCard, pipelineApi } from '../api/pipelineApi';
import { SaidAndRefused } from '../../../ui/SaidAndRefused';

type Props = {
  readonly subscribe: Subscribe;
  /** The socket is up: after a reconnection the board reloads (what moved meanwhile is not replayed). */
  readonly connected: boolean;
  readonly onOpen: (leadId: string) => void;
  readonly now: number;
};

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/**
 * The board (`/dashboard?view=board`): a column per stage of the office's pipeline with how
 * many leads are in it and the most recently active ones. A card moves by drag and drop, or
 * from the keyboard with its "Move" menu; each move is said aloud (aria-live) and saved at once
 * (taken back, with the reason, if the server refuses). Everyone who sees a lead sees it move.
 */
export function BoardView({ subscribe, connected, onOpen, now }: Props) {
  const [board, setBoard] = useState<Board | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);
  const boardRef = useRef(board);
  boardRef.current = board;

  const [office, setOffice] = useStaffOffice();
  const load = useCallback(() => {
    pipelineApi.board(office).then(
      (b) => {
        setBoard(b);
        setError(null);
      },
      (err: unknown) => setError(messageOf(err, 'The board could not be loaded')),
    );
  }, [office]);
  useEffect(() => {
    if (connected) load();
  }, [connected, load]);
  useEffect(load, [load]);

  // Everyone who sees a lead sees it move; a new lead or one moved away reloads the board.
  useEffect(
    () =>
      subscribe((p) => {
        const x = p.payload;
        if (p.name === 'lead.stage') {
          const leadId = String(x.leadId);
          const [from, to] = [String(x.fromStage), String(x.stage)];
          const shown = boardRef.current ? findCard(boardRef.current, leadId) : undefined;
          setBoard((b) => (b ? moveOnBoard(b, leadId, from, to) : b));
          // A card the board did not show yet: its face comes from the lead's row.
          if (!shown)
            void dashboardApi.lead(leadId).then(
              (d) => setBoard((b) => (b ? placeCard(b, cardOf({ ...d.lead, stage: to })) : b)),
              () => undefined,
            );
        } else if (p.name === 'lead.captured' || (p.name === 'lead.activity' && typeof x.assignedAgentId === 'string')) {
          load();
        }
      }),
    [subscribe, load],
  );

  // A moved card is re-made in its new column: the keyboard's focus goes with it.
  useEffect(() => {
    const id = focusAfter.current;
    if (!id) return;
    focusAfter.current = null;
    document.getElementById(`card-${id}`)?.focus();
  });

  const move = async (card: BoardCard, to: string) => {
    setMenuFor(null);
    if (card.stage === to) return;
    const from = card.stage;
    focusAfter.current = card.leadId;
    setBoard((b) => (b ? moveOnBoard(b, card.leadId, from, to) : b));
    setSaid(`${card.fullName} moved to ${to}.`);
    setError(null);
    try {
      await pipelineApi.patch(card.leadId, { stage: to });
    } catch (err) {
      const message = messageOf(err, 'The lead could not be moved');
      setBoard((b) => (b ? moveOnBoard(b, card.leadId, to, from) : b));
      setSaid(`${card.fullName} is back in ${from}: ${message}`);
      setError(message);
    }
  };

  const more = (stage: string, offset: number) =>
    void pipelineApi.column(stage, offset, office).then(
      (r) => setBoard((b) => (b ? withMore(b, stage, r.leads) : b)),
      (err: unknown) => setError(messageOf(err, 'More leads could not be loaded')),
    );

  const stages = board?.columns.map((c) => c.stage) ?? [];
  return (
    <section className={styles.board} aria-labelledby="board-title">
      <div className={styles.head}>
        <h1 id="board-title">Board</h1>
        <p className={styles.hint}>Drag a card to another stage, or use its Move button.</p>
      </div>
      {board?.me.role === 'staff' && <OfficePicker value={office} onChange={setOffice} none="All offices" />}
      <SaidAndRefused status={said} error={error} />
      {!board && !error && <p className={styles.hint}>Loading the board…</p>}
      {board && (
        <div className={styles.columns}>
          {board.columns.map((c, i) => (
            <section
              key={c.stage}
              className={styles.column}
              aria-labelledby={`col-${i}`}
              data-over={over === c.stage}
              data-testid="board-column"
              onDragOver={(e) => {
                if (!dragged) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                if (over !== c.stage) setOver(c.stage);
              }}
              onDragLeave={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(null);
              }}
              onDrop={(e) => {
                e.preventDefault();
                setOver(null);
                const id = e.dataTransfer.getData('text/plain') || dragged;
                const card = id ? findCard(board, id) : undefined;
                setDragged(null);
                if (card) void move(card, c.stage);
              }}
            >
              <h2 id={`col-${i}`} className={styles.columnHead}>
                <span>{c.stage}</span>
                <span className={styles.count} aria-label={`${c.count} ${c.count === 1 ? 'lead' : 'leads'}`}>
                  {c.count}
                </span>
              </h2>
              {!c.inPipeline && (
                <p className={styles.note}>
                  {board.me.role === 'staff' && !board.officeId
                    ? "A stage of an office's own pipeline."
                    : 'No longer in the pipeline: its leads are being moved.'}
                </p>
              )}
              {c.leads.length === 0 ? (
                <p className={styles.empty}>No leads</p>
              ) : (
                <ul className={styles.cards}>
                  {c.leads.map((l) => (
                    <li
                      key={l.leadId}
                      className={styles.card}
                      draggable
                      data-testid="board-card"
                      data-dragging={dragged === l.leadId}
                      onDragStart={(e) => {
                        e.dataTransfer.setData('text/plain', l.leadId);
                        e.dataTransfer.effectAllowed = 'move';
                        setDragged(l.leadId);
                      }}
                      onDragEnd={() => {
                        setDragged(null);
                        setOver(null);
                      }}
                    >
                      <button type="button" id={`card-${l.leadId}`} className={styles.name} onClick={() => onOpen(l.leadId)}>
                        {l.fullName}
                      </button>
                      <span className={styles.meta}>
                        {l.leadType} ·{' '}
                        <time dateTime={l.lastActivityAt} title={fullDate(l.lastActivityAt)}>
                          {relativeTime(l.lastActivityAt, now)}
                        </time>
                      </span>
                      {l.tags.length > 0 && (
                        <ul className={styles.tags} aria-label="Tags">
                          {l.tags.map((t) => (
                            <li key={t}>{t}</li>
                          ))}
                        </ul>
                      )}
                      <MoveMenu
                        card={l}
                        stages={stages}
                        open={menuFor === l.leadId}
                        onToggle={(open) => setMenuFor(open ? l.leadId : null)}
                        onMove={(to) => void move(l, to)}
                      />
                    </li>
                  ))}
                </ul>
              )}
              {c.count > c.leads.length && (
                <button type="button" className={`btn ${styles.more}`} onClick={() => more(c.stage, c.leads.length)}>
                  Show more ({c.count - c.leads.length})
                </button>
              )}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

/** The keyboard's way: a button that opens the list of other stages; Escape closes it. */
function MoveMenu({
  card,
  stages,
  open,
  onToggle,
  onMove,
}: {
  card: BoardCard;
  stages: readonly string[];
  open: boolean;
  onToggle: (open: boolean) => void;
  onMove: (to: string) => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (open) list.current?.querySelector('button')?.focus();
  }, [open]);
  const close = () => {
    onToggle(false);
    button.current?.focus();
  };
  const menuId = `move-${card.leadId}`;
  return (
    <div className={styles.move}>
      <button
        ref={button}
        type="button"
        className={styles.moveButton}
        aria-label={`Move ${card.fullName} to another stage`}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => onToggle(!open)}
      >
        Move…
      </button>
      {open && (
        <ul
          ref={list}
          id={menuId}
          className={styles.menu}
          aria-label={`Move ${card.fullName} to`}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              close();
            } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const items = [...(list.current?.querySelectorAll('button') ?? [])];
              const i = items.indexOf(document.activeElement as HTMLButtonElement);
              items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
            }
          }}
        >
          {stages
            .filter((s) => s !== card.stage)
            .map((s) => (
              <li key={s}>
                <button type="button" onClick={() => onMove(s)}>
                  {s}
                </button>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}

const cardOf = (l: {
  leadId: string;
  fullName: string;
  leadType: string;
  lastActivityAt: string;
  assignedAgentId: string | null;
  stage: string;
  tags: readonly string[];
}): BoardCard => ({
  leadId: l.leadId,
  fullName: l.fullName,
  leadType: l.leadType,
  stage: l.stage,
  tags: l.tags,
  lastActivityAt: l.lastActivityAt,
  assignedAgentId: l.assignedAgentId,
});
