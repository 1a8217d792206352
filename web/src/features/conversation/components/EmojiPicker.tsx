import { useEffect, useId, useRef, useState } from 'react';
import styles from './EmojiPicker.module.css';

const EMOJIS: readonly [string, string][] = [
  ['😀', 'grin smile happy'],
  ['😊', 'smile blush happy'],
  ['😂', 'laugh joy tears'],
  ['😍', 'love heart eyes'],
  ['🙂', 'slight smile'],
  ['😉', 'wink'],
  ['🤔', 'thinking hmm'],
  ['😮', 'wow surprised'],
  ['😢', 'sad cry'],
  ['🙏', 'thanks please pray'],
  ['👍', 'thumbs up yes ok like'],
  ['👎', 'thumbs down no'],
  ['👏', 'clap applause'],
  ['🎉', 'party celebrate congrats'],
  ['❤️', 'heart love red'],
  ['🔥', 'fire hot'],
  ['✅', 'check done yes'],
  ['⭐', 'star favorite'],
  ['🏠', 'house home'],
  ['🏡', 'garden house home yard'],
  ['🏢', 'building office condo'],
  ['🔑', 'key keys closing'],
  ['📍', 'pin location map'],
  ['📅', 'calendar date schedule'],
  ['📞', 'phone call'],
  ['✉️', 'mail email envelope'],
  ['💰', 'money price'],
  ['📸', 'camera photo'],
  ['🚗', 'car drive commute'],
  ['🌳', 'tree park'],
  ['☀️', 'sun sunny'],
  ['👋', 'wave hello hi'],
];

/** Spec section 8: a picker with no match says 'No Emojis to display'. */
export const NO_EMOJIS = 'No Emojis to display';

export function EmojiPicker({ onPick, onClose }: { onPick: (emoji: string) => void; onClose: () => void }) {
  const [term, setTerm] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => input.current?.focus(), []);
  const t = term.trim().toLowerCase();
  const shown = t ? EMOJIS.filter(([, names]) => names.split(' ').some((n) => n.startsWith(t))) : EMOJIS;
  return (
    <div
      className={styles.picker}
      role="dialog"
      aria-label="Emoji"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search emoji
      </label>
      <input id={id} ref={input} className={styles.search} type="search" placeholder="Search emoji" value={term} onChange={(e) => setTerm(e.target.value)} />
      {shown.length === 0 ? (
        <p className={styles.none} role="status">
          {NO_EMOJIS}
        </p>
      ) : (
        <div className={styles.grid}>
          {shown.map(([emoji, names]) => (
            <button
              key={emoji}
              type="button"
              className={styles.emoji}
              title={names.split(' ')[0]}
              aria-label={names.split(' ')[0]}
              onClick={() => onPick(emoji)}
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
