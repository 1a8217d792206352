import { describe, expect, it } from 'vitest';
import { accountEventTypes } from '../accounts/accounts.events';
import { alertEventTypes } from '../alerts/alerts.events';
import { buyerAgreementEventTypes } from '../agreements/agreements.events';
import { backofficeEventTypes } from '../backoffice/backoffice.events';
import { chatEventTypes } from '../conversation/chat.events';
import { callEventTypes, leadEmailEventTypes, leadMessageEventTypes, smsEventTypes } from '../conversation/conversation.events';
import { intakeInboxEventTypes } from '../integrations/integrations.events';
import { listingActivityEventTypes } from '../listing-activity/listing-activity.events';
import { listingMailEventTypes } from '../listing-mail/listing-mail.events';
import { leadActivityEventTypes, leadEventTypes, leadNoteEventTypes } from '../leads/leads.events';
import { notificationEventTypes } from '../notifications/notifications.events';
import { organizerEventTypes } from '../organizer/organizer.events';
import { showingEventTypes } from '../showings/showings.events';
import { taskEventTypes } from '../tasks/tasks.events';
import { valuationEventTypes } from '../valuation/valuation.events';
import { contactAndUploadTypes } from './person-events';
import { keyRequests, mapPersonal } from '../../eventstore/personal-data/personal-fields';
import { personalFields } from './personal-fields';

const known = new Set<string>([
  ...accountEventTypes,
  ...alertEventTypes,
  ...buyerAgreementEventTypes,
  ...backofficeEventTypes,
  ...chatEventTypes,
  ...callEventTypes,
  ...leadActivityEventTypes,
  ...leadEmailEventTypes,
  ...leadEventTypes,
  ...leadMessageEventTypes,
  ...leadNoteEventTypes,
  ...listingActivityEventTypes,
  ...listingMailEventTypes,
  ...intakeInboxEventTypes,
  ...valuationEventTypes,
  ...smsEventTypes,
  ...notificationEventTypes,
  ...organizerEventTypes,
  ...showingEventTypes,
  ...taskEventTypes,
]);

describe('the registry of personal fields', () => {
  it('names only event types that exist', () => {
    expect([...personalFields.keys()].filter((t) => !known.has(t))).toEqual([]);
  });

  it("seals a lead's data under the lead's key, owned by its account, and an account's under its own", () => {
    const lead = personalFields.get('LeadCaptured')!;
    expect(lead.subject({ leadId: 'L', userId: 'U' })).toBe('L');
    expect(lead.owner?.({ leadId: 'L', userId: 'U' })).toBe('U');
    expect(personalFields.get('UserRegistered')!.subject({ userId: 'U' })).toBe('U');
    // An agent's note about a lead goes with the lead.
    expect(personalFields.get('LeadNoteWritten')!.subject({ leadId: 'L', authorId: 'A' })).toBe('L');
  });

  it("seals a merge's folded names (`leads[].mergedName`) each under the folded lead's key", () => {
    const data = {
      userId: 'U',
      reason: 'r',
      mergeId: 'M',
      survivorId: 'S',
      mergedId: 'U',
      leads: [{ mergedLeadId: 'L1', survivorLeadId: 'L2', mergedName: 'Bea Dup' }],
    };
    const rule = personalFields.get('AccountsMerged')!;
    expect(keyRequests(rule, data)).toEqual([{ subject: 'L1', owner: undefined }]);
    const erased = mapPersonal(rule, data, (_subject, _v, placeholder) => placeholder);
    expect(erased).toEqual({ ...data, leads: [{ mergedLeadId: 'L1', survivorLeadId: 'L2', mergedName: 'Erased person' }] });
  });

  it('an erasure reads the events that name, reach or hold uploads of the person, not every message', () => {
    for (const t of ['LeadCaptured', 'InquirySubmitted', 'UserRegistered', 'PhotoChanged', 'TextMessageReceived', 'LeadEmailReceived'])
      expect(contactAndUploadTypes).toContain(t);
    for (const t of ['ChatMessageSent', 'LeadNoteWritten', 'TextMessageSent']) expect(contactAndUploadTypes).not.toContain(t);
  });
});
