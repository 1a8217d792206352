import { milesBetween, MILES_PER_DEGREE_LATITUDE, type SoldHome } from './sold-home';

/** About a third of a mile of latitude: small enough that a dense market's nearest few hundred sales lie in a few cells. */
const CELL_DEGREES = 0.005;

export interface Neighbour {
  readonly home: SoldHome;
  readonly miles: number;
}

/**
 * Sold homes bucketed on a latitude/longitude grid, so that the nearest sales before a date are
 * found by looking at the rings of cells around a point rather than at every sale.
 */
export class SoldIndex {
  private readonly cells = new Map<string, SoldHome[]>();
  private count = 0;

  constructor(homes: Iterable<SoldHome> = []) {
    for (const home of homes) this.add(home);
  }

  get size(): number {
    return this.count;
  }

  add(home: SoldHome): void {
    const key = cellKey(cellOf(home.latitude), cellOf(home.longitude));
    let cell = this.cells.get(key);
    if (!cell) this.cells.set(key, (cell = []));
    cell.push(home);
    this.count++;
  }

  /** Removes a sale by pdid (a listing withdrawn from the feed); true when it was held. */
  remove(pdid: string, latitude: number, longitude: number): boolean {
    const cell = this.cells.get(cellKey(cellOf(latitude), cellOf(longitude)));
    const at = cell?.findIndex((h) => h.pdid === pdid) ?? -1;
    if (!cell || at < 0) return false;
    cell.splice(at, 1);
    this.count--;
    return true;
  }

  /**
   * The `n` nearest sales closed before `beforeDay`, nearest first, looking no further than
   * `maxMiles`; fewer when the area holds fewer.
   */
  nearestBefore(latitude: number, longitude: number, beforeDay: number, n: number, maxMiles: number): Neighbour[] {
    const row = cellOf(latitude);
    const col = cellOf(longitude);
    const cellMiles = CELL_DEGREES * MILES_PER_DEGREE_LATITUDE * Math.cos((Math.abs(latitude) + CELL_DEGREES) * (Math.PI / 180));
    const found: Neighbour[] = [];
    for (let ring = 0; ; ring++) {
      for (let r = row - ring; r <= row + ring; r++) {
        for (let c = col - ring; c <= col + ring; c++) {
          if (Math.max(Math.abs(r - row), Math.abs(c - col)) !== ring) continue;
          for (const home of this.cells.get(cellKey(r, c)) ?? []) {
            if (home.closeDay >= beforeDay) continue;
            const miles = milesBetween(latitude, longitude, home.latitude, home.longitude);
            if (miles <= maxMiles) found.push({ home, miles });
          }
        }
      }
      // Every sale within `ring` cells' width of the point has been seen.
      const covered = ring * cellMiles;
      if (covered >= maxMiles) break;
      if (found.length >= n) {
        found.sort((a, b) => a.miles - b.miles);
        if (found[n - 1]!.miles <= covered) break;
      }
    }
    found.sort((a, b) => a.miles - b.miles);
    return found.slice(0, n);
  }
}

function cellOf(degrees: number): number {
  return Math.floor(degrees / CELL_DEGREES);
}

function cellKey(row: number, col: number): string {
  return `${row}:${col}`;
}
