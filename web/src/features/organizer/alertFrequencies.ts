import type { AlertFrequency } from '../../../../src/contract/organizer';

/** The saved-search alert frequencies (the API's values), as the save modal and the organizer offer them. */
export const ALERT_FREQUENCIES: readonly { readonly value: AlertFrequency; readonly label: string }[] = [
  { value: 'instant', label: 'Instant' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'never', label: 'Never' },
];
