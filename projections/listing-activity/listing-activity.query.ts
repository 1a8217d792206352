import type pg from 'pg';
import { liveTable } from '../runner/tables';

/** One ISO week of a listing's traffic (RESO InternetTracking EventType names where one fits). */
export type ListingActivityWeek = {
  /** The week's Monday, "2026-03-02". */
  readonly week: string;
  readonly DetailedView: number;
  readonly uniqueVisitors: number;
  readonly Favorited: number;
  readonly Share: number;
  readonly showingRequests: number;
  readonly SubmissionOfLeadForm: number;
};

/** A listing's weeks with any activity, oldest first. */
export async function listingActivity(db: pg.Pool, pdid: string): Promise<ListingActivityWeek[]> {
  const { rows } = await db.query<ListingActivityWeek>(
    `SELECT to_char(week, 'YYYY-MM-DD') AS week, detailed_views AS "DetailedView", unique_visitors AS "uniqueVisitors", favorited AS "Favorited",
            shares AS "Share", showing_requests AS "showingRequests", lead_forms AS "SubmissionOfLeadForm"
     FROM ${liveTable('listing_activity_weeks')} WHERE pdid = $1 ORDER BY week`,
    [pdid],
  );
  return rows;
}
