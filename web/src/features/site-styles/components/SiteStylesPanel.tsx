import { type FormEvent, useEffect, useId, useState } from 'react';
import { uploadFile } from '../../../api/account';
import { ApiError } from '../../../api/http';
import {
  checkColorPalette,
  checkHomeCover,
  checkPaletteContrast,
  contrastRatio,
  FONT_PACK_IDS,
  FONT_PACKS,
  type FontPackId,
  HEADLINE_MAX,
  type HomeCover,
  PALETTE_IDS,
  PALETTES,
  type PaletteChoice,
  type SiteStylesView,
  SUBLINE_MAX,
  textOn,
} from '../../../../../src/contract/site-styles';
import { siteStylesApi } from '../api/siteStylesApi';
import { reloadSiteStylesheet } from '../api/siteStylesheet';
import styles from './SiteStylesPanel.module.css';
import { SiteStylesPreview } from './SiteStylesPreview';

type Draft = { palette: PaletteChoice; primary: string; accent: string; pack: FontPackId; cover: HomeCover };
type Problem = { readonly field: 'palette' | 'cover' | null; readonly message: string };

const draftOf = (s: SiteStylesView): Draft => ({ ...s.colorpalette, pack: s.fontpack.pack, cover: s.homecover });
const COLOUR = /^#[0-9a-f]{6}$/i;
const ratio = (r: number) => `${(Math.floor(r * 10) / 10).toFixed(1)}:1`;

/** What the palette's text reaches, or why it fails WCAG AA (the server's own rule and words). */
function contrastNote(primary: string, accent: string): { ok: boolean; text: string } {
  if (!COLOUR.test(primary) || !COLOUR.test(accent)) return { ok: false, text: 'Write each colour as #rrggbb.' };
  const p = primary.toLowerCase();
  const a = accent.toLowerCase();
  const checked = checkPaletteContrast(p, a);
  if (!checked.ok) return { ok: false, text: checked.message };
  return {
    ok: true,
    text: `Passes WCAG AA: white text on the primary colour ${ratio(contrastRatio(p, '#ffffff'))}, text on the accent ${ratio(contrastRatio(a, textOn(a)))}.`,
  };
}

/**
 * Site styles (/api/castle/styles) of one site: a curated palette or custom colours (refused
 * when their text fails WCAG AA), a font pack and the home page's cover (an uploaded image, a
 * headline, a sub-line), previewed beside the form as the public site would draw them. Saving
 * sends only the parts that changed.
 */
export function SiteStylesPanel({ siteId, siteName }: { readonly siteId: string; readonly siteName: string }) {
  const id = useId();
  const [saved, setSaved] = useState<SiteStylesView | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setSaved(null);
    setProblem(null);
    setStatus(null);
    siteStylesApi.get(siteId).then(
      (s) => {
        if (!live) return;
        setSaved(s);
        setDraft(draftOf(s));
      },
      (err: unknown) => live && setProblem({ field: null, message: err instanceof Error ? err.message : 'The site styles could not be loaded' }),
    );
    return () => {
      live = false;
    };
  }, [siteId]);

  const change = (next: Partial<Draft>) => {
    setDraft((d) => (d ? { ...d, ...next } : d));
    setStatus(null);
    setProblem(null);
  };
  const choosePalette = (palette: PaletteChoice) => change(palette === 'custom' ? { palette } : { palette, ...PALETTES[palette] });
  const setCover = (next: Partial<HomeCover>) => setDraft((d) => (d ? { ...d, cover: { ...d.cover, ...next } } : d));

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setStatus('Uploading the cover image…');
    try {
      const url = await uploadFile(file);
      setCover({ imageUrl: url });
      setProblem(null);
      setStatus('Cover image uploaded: save to use it');
    } catch (err) {
      setStatus(null);
      setProblem({ field: 'cover', message: `Failed to upload the cover image: ${err instanceof Error ? err.message : 'please try again'}` });
    }
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!saved || !draft || busy) return;
    const palette = checkColorPalette(draft);
    if (!palette.ok) return setProblem({ field: 'palette', message: palette.message });
    const cover = checkHomeCover(draft.cover);
    if (!cover.ok) return setProblem({ field: 'cover', message: cover.message });
    const paletteChanged = JSON.stringify(palette.value) !== JSON.stringify(saved.colorpalette);
    const packChanged = draft.pack !== saved.fontpack.pack;
    const coverChanged = JSON.stringify(cover.value) !== JSON.stringify(saved.homecover);
    if (!paletteChanged && !packChanged && !coverChanged) return setStatus('Nothing to save');
    setBusy(true);
    setProblem(null);
    let next = saved;
    try {
      if (paletteChanged) next = await siteStylesApi.palette(siteId, draft.palette === 'custom' ? palette.value : { palette: draft.palette });
      if (packChanged) next = await siteStylesApi.fontPack(siteId, draft.pack);
      if (coverChanged) next = await siteStylesApi.homeCover(siteId, cover.value);
      setSaved(next);
      setDraft(draftOf(next));
      reloadSiteStylesheet();
      setStatus('Site styles saved: the public site shows them from its next page');
    } catch (err) {
      setSaved(next);
      const message = err instanceof ApiError || err instanceof Error ? err.message : 'The site styles could not be saved';
      setProblem({
        field:
          message.startsWith('The cover') || message.startsWith('The headline') || message.startsWith('The sub-line')
            ? 'cover'
            : message.includes('colour') || message.startsWith('palette')
              ? 'palette'
              : null,
        message,
      });
    }
    setBusy(false);
  };

  const titleId = `${id}-title`;
  if (!saved || !draft) {
    return (
      <section className={styles.panel} aria-labelledby={titleId}>
        <h3 id={titleId}>Site styles</h3>
        {problem ? (
          <p role="alert" className={styles.error}>
            {problem.message}
          </p>
        ) : (
          <p className={styles.hint}>Loading…</p>
        )}
      </section>
    );
  }
  const note = contrastNote(draft.primary, draft.accent);
  const colour = (key: 'primary' | 'accent', label: string) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <div className={styles.colour}>
        <input
          type="color"
          aria-label={`${label} picker`}
          value={COLOUR.test(draft[key]) ? draft[key].toLowerCase() : '#000000'}
          onChange={(e) => change({ [key]: e.target.value })}
        />
        <input
          id={`${id}-${key}`}
          type="text"
          value={draft[key]}
          onChange={(e) => change({ [key]: e.target.value })}
          aria-invalid={problem?.field === 'palette'}
          aria-describedby={`${id}-contrast`}
        />
      </div>
    </div>
  );
  const errorOf = (field: Problem['field']) =>
    problem?.field === field ? (
      <p role="alert" className={styles.error}>
        {problem.message}
      </p>
    ) : null;

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h3 id={titleId}>Site styles</h3>
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={(e) => void save(e)} noValidate aria-busy={busy}>
          <fieldset className={styles.group}>
            <legend>Colour palette</legend>
            {[...PALETTE_IDS, 'custom' as const].map((p) => (
              <label key={p} className={styles.choice}>
                <input type="radio" name={`${id}-palette`} value={p} checked={draft.palette === p} onChange={() => choosePalette(p)} />
                {p === 'custom' ? (
                  <span>Custom colours</span>
                ) : (
                  <>
                    <span className={styles.swatches} aria-hidden="true">
                      <span className={styles.swatch} style={{ background: PALETTES[p].primary }} />
                      <span className={styles.swatch} style={{ background: PALETTES[p].accent }} />
                    </span>
                    <span>{PALETTES[p].label}</span>
                  </>
                )}
              </label>
            ))}
            {draft.palette === 'custom' && (
              <>
                {colour('primary', 'Primary colour')}
                {colour('accent', 'Accent colour (buttons)')}
              </>
            )}
            <p id={`${id}-contrast`} className={note.ok ? styles.ok : styles.error} aria-live="polite">
              {note.text}
            </p>
            {errorOf('palette')}
          </fieldset>
          <fieldset className={styles.group}>
            <legend>Fonts</legend>
            {FONT_PACK_IDS.map((p) => (
              <label key={p} className={styles.choice}>
                <input type="radio" name={`${id}-pack`} value={p} checked={draft.pack === p} onChange={() => change({ pack: p })} />
                <span style={{ fontFamily: FONT_PACKS[p].heading }}>{FONT_PACKS[p].label}</span>
              </label>
            ))}
            <p className={styles.hint}>Fonts already on your visitors’ devices: nothing is loaded from another site.</p>
          </fieldset>
          <fieldset className={styles.group}>
            <legend>Home page cover</legend>
            <div className={styles.field}>
              <label htmlFor={`${id}-cover-file`}>Cover image</label>
              <input
                id={`${id}-cover-file`}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={(e) => void upload(e.target.files?.[0])}
              />
              {draft.cover.imageUrl && (
                <div className={styles.row}>
                  <img className={styles.thumb} src={draft.cover.imageUrl} alt="Cover image" />
                  <button type="button" className="btn" onClick={() => setCover({ imageUrl: null })}>
                    Remove the image
                  </button>
                </div>
              )}
            </div>
            <div className={styles.field}>
              <label htmlFor={`${id}-headline`}>Headline</label>
              <input
                id={`${id}-headline`}
                type="text"
                maxLength={HEADLINE_MAX}
                value={draft.cover.headline}
                onChange={(e) => setCover({ headline: e.target.value })}
                aria-invalid={problem?.field === 'cover'}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={`${id}-subline`}>Sub-line</label>
              <input
                id={`${id}-subline`}
                type="text"
                maxLength={SUBLINE_MAX}
                value={draft.cover.subline}
                onChange={(e) => setCover({ subline: e.target.value })}
              />
            </div>
            <p className={styles.hint}>Shown at the top of the home page; empty: no cover.</p>
            {errorOf('cover')}
          </fieldset>
          {errorOf(null)}
          <div className={styles.actions}>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving…' : 'Save site styles'}
            </button>
            <span role="status" className={styles.hint}>
              {status}
            </span>
          </div>
        </form>
        <SiteStylesPreview
          siteName={siteName}
          palette={{
            palette: draft.palette,
            primary: COLOUR.test(draft.primary) ? draft.primary.toLowerCase() : saved.colorpalette.primary,
            accent: COLOUR.test(draft.accent) ? draft.accent.toLowerCase() : saved.colorpalette.accent,
          }}
          pack={draft.pack}
          cover={draft.cover}
        />
      </div>
    </section>
  );
}
