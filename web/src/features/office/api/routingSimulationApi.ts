import { ApiError } from '../../../api/http';
import { api, urlOf } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import { type CandidateRules, MAX_ROUTING_WEIGHT, type Placement, type RoutingRuleSet, type SimulationResult } from '../../../../../src/contract/office';

export type { CandidateRules, Placement, RoutingRuleSet, SimulationResult };

export const MAX_WEIGHT = MAX_ROUTING_WEIGHT;

export const routingSimulationApi = {
  rules: () => api(contract.office.rules),
  simulate,
  apply: (rules: CandidateRules) => api(contract.office.applyRules, { body: { rules: { ...rules, weights: { ...rules.weights }, off: [...rules.off] } } }),
};

/**
 * Runs a simulation, hearing how far the server's replay has come (0 to 1): the answer comes as
 * lines of JSON, {progress} while the log is read, then {result} or {message}.
 */
async function simulate(from: string, to: string, rules: CandidateRules, onProgress: (fraction: number) => void): Promise<SimulationResult> {
  let res: Response;
  try {
    // Streamed (lines of JSON as the replay goes), which api() does not read: fetch, at the contract's address.
    res = await fetch(urlOf(contract.office.simulate), {
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
