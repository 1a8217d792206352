import type { Signal } from '../../projections/runner';
import type { SignalName, Signals } from '../shared/signals';

type Listener = (payloads: readonly unknown[]) => void;

/**
 * Hands the signals of a committed batch to this process's reactors, by name: a listener hears
 * its signal once per batch, with every payload of that name the batch gave.
 */
export class SignalBus {
  private readonly listeners = new Map<SignalName, Listener[]>();

  onSignal<K extends SignalName>(name: K, listener: (payloads: readonly Signals[K][]) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener as Listener]);
  }

  deliver(signals: readonly Signal[]): void {
    for (const [name, listeners] of this.listeners) {
      const payloads = signals.filter((s) => s.signal === name).map((s) => s.payload);
      if (payloads.length > 0) for (const l of listeners) l(payloads);
    }
  }
}
