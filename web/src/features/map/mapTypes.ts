import type { Card, Cluster, MapBounds, Pin } from '../../../../src/contract/search';
import type { Ring } from './polygons';

/** Where the map opens: a point and zoom, or a box to frame. */
export type MapStart =
  | { readonly kind: 'point'; readonly latitude: number; readonly longitude: number; readonly zoom: number }
  | { readonly kind: 'box'; readonly bounds: MapBounds };

export type SearchMapProps = {
  readonly pins: readonly Pin[];
  readonly clusters: readonly Cluster[];
  readonly total: number;
  readonly loading: boolean;
  readonly start: MapStart;
  /** Frame these bounds whenever `key` changes (first search, a new place). */
  readonly fit: { readonly key: string; readonly bounds: MapBounds } | null;
  readonly polygons: readonly Ring[];
  readonly onPolygonsChange: (rings: readonly Ring[]) => void;
  readonly highlighted: string | null;
  readonly selected: Card | null;
  readonly onSelect: (pdid: string | null) => void;
  readonly searchOnMove: boolean;
  readonly onSearchOnMoveChange: (on: boolean) => void;
  /** The visitor moved the map (never called for moves the app made). */
  readonly onMoved: (bounds: MapBounds) => void;
  /** The zoom after any move (searches send it so that clusters fit the screen). */
  readonly onZoom: (zoom: number, byUser: boolean) => void;
  readonly styleUrl: string | null;
  readonly compact?: boolean;
};

/** Zoom levels of spec section 9. */
export const START_ZOOM = 5;
export const POINT_ZOOM = 13;
