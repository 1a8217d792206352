import { ApiError, request } from '../../../api/http';

/** An office's routing rules (GET/PUT /api/dashboard/routing/rules): versioned data, issue 19. */
export type RoutingRuleSet = {
  readonly version: number;
  readonly listingAgentFirst: boolean;
  /** Round-robin weight per agent id (1 when unnamed). */
  readonly weights: Readonly<Record<string, number>>;
  /** Agents out of the rotation. */
  readonly off: readonly string[];
  readonly pond: { readonly enabled: boolean; readonly claimWindowMinutes: number };
};
export type CandidateRules = Omit<RoutingRuleSet, 'version'>;

/** Where a lead went: an agent by a rule, or the pond (agentId null). */
export type Placement = { readonly agentId: string | null; readonly rule: string };

export type SimulationResult = {
  readonly from: string;
  readonly to: string;
  readonly inForce: RoutingRuleSet;
  readonly leads: number;
  readonly unfaithful: number;
  readonly agents: readonly { readonly agentId: string | null; readonly name: string; readonly actual: number; readonly candidate: number }[];
  readonly changed: readonly { readonly leadId: string; readonly fullName: string; readonly capturedAt: string; readonly actual: Placement; readonly candidate: Placement }[];
  readonly changedCount: number;
};

export const MAX_WEIGHT = 10;

export const routingSimulationApi = {
  rules: () => request<{ brokerId: string; rules: RoutingRuleSet }>('GET', '/api/dashboard/routing/rules'),
  simulate,
  apply: (rules: CandidateRules) => request<{ brokerId: string; rules: RoutingRuleSet }>('PUT', '/api/dashboard/routing/rules', { rules }),
};

/**
 * Runs a simulation, hearing how far the server's replay has come (0 to 1): the answer comes as
 * lines of JSON, {progress} while the log is read, then {result} or {message}.
 */
async function simulate(from: string, to: string, rules: CandidateRules, onProgress: (fraction: number) => void): Promise<SimulationResult> {
  let res: Response;
  try {
    res = await fetch('/api/dashboard/routing/simulation', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/x-ndjson', 'Content-Type': 'application/json' },
      body: JSON.stringify({ from, to, rules }),
    });
  } catch {
    throw new ApiError('The server cannot be reached', 0);
  }
  if (!res.ok || !res.body) {
    const data = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(data.message ?? (res.statusText || `HTTP ${res.status}`), res.status);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += value ?? '';
    const lines = buffered.split('\n');
    buffered = done ? '' : lines.pop()!;
    for (const text of lines.filter((l) => l.trim() !== '')) {
      const line = JSON.parse(text) as { progress?: number; result?: SimulationResult; message?: string };
      if (line.result) return line.result;
      if (line.message) throw new ApiError(line.message, 500);
      if (line.progress !== undefined) onProgress(line.progress);
    }
    if (done) throw new ApiError('The simulation ended without a result', 0);
  }
}
