import type { CSSProperties } from 'react';
import { type ColorPalette, type FontPackId, type HomeCover, styleProperties } from '../../../../../src/contract/site-styles';
import { HomeCoverView } from './HomeCover';
import styles from './SiteStylesPanel.module.css';

/**
 * The public site as the unsaved choices would draw it: the header in the primary colour, the
 * cover, a heading and text in the font pack, a link and the accent's button. The same custom
 * properties as the site's stylesheet, set on this box only (through the DOM, which the CSP allows).
 */
export function SiteStylesPreview({
  siteName,
  palette,
  pack,
  cover,
}: {
  readonly siteName: string;
  readonly palette: ColorPalette;
  readonly pack: FontPackId;
  readonly cover: HomeCover;
}) {
  const vars = styleProperties({ colorpalette: palette, fontpack: { pack } }) as CSSProperties;
  const withText = cover.headline || cover.subline || cover.imageUrl ? cover : { ...cover, headline: 'Your headline here' };
  return (
    <figure className={styles.preview} aria-label="Preview of the public site" data-testid="site-styles-preview">
      <div className={styles.previewPage} style={vars}>
        <div className={styles.previewHeader}>{siteName}</div>
        <HomeCoverView cover={withText} action={<span className="home-cover-action">Search homes</span>} />
        <div className={styles.previewBody}>
          <p className={styles.previewHeading}>Homes for sale by city</p>
          <p>
            Every listing, updated from the MLS. <span className={styles.previewLink}>See sold homes</span>
          </p>
        </div>
      </div>
      <figcaption className={styles.hint}>Preview: saved, the public site looks like this from its next page.</figcaption>
    </figure>
  );
}
