/** The pipeline every office starts with (contract 5a); a broker can rename, reorder and extend it. */
export const DEFAULT_STAGES: readonly string[] = ['New', 'Attempted contact', 'Active', 'Nurture', 'Appointment set', 'Under contract', 'Closed', 'Lost'];
/** Where a new lead starts, and what its first contact moves it from. */
export const NEW_STAGE = 'New';
export const ATTEMPTED_CONTACT_STAGE = 'Attempted contact';
