/** A lead as the board's card shows it (GET /api/dashboard/board); shared with the web app. */
export type BoardCard = {
  readonly leadId: string;
  readonly fullName: string;
  readonly leadType: string;
  readonly stage: string;
  readonly tags: readonly string[];
  readonly lastActivityAt: string;
  readonly assignedAgentId: string | null;
};
