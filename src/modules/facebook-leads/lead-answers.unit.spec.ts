import { describe, expect, it } from 'vitest';
import { defaultFormSource, intakeOfLeadAnswers } from './lead-answers';

describe("a lead form's field_data → the lead intake's input", () => {
  it("files Meta's standard questions as the person and the address, every other question as the message, keyed by the leadgen id", () => {
    const input = intakeOfLeadAnswers(
      [
        { name: 'first_name', values: ['Fiona'] },
        { name: 'last_name', values: ['Facebook'] },
        { name: 'email', values: [' fiona@example.com '] },
        { name: 'phone_number', values: ['+15550102030'] },
        { name: 'zip_code', values: ['90001'] },
        { name: 'when_are_you_looking_to_buy?', values: ['0-3 months'] },
        { name: 'preferred_neighbourhoods', values: ['Downtown', 'Riverside'] },
      ],
      'FB Buyers',
      '444444444444',
      'Buyer guide',
    );
    expect(input).toEqual({
      source: 'FB Buyers',
      type: 'Inquiry',
      person: { fullName: undefined, firstName: 'Fiona', lastName: 'Facebook', emails: ['fiona@example.com'], phones: ['+15550102030'] },
      property: { zip: '90001' },
      message: 'Facebook lead form: Buyer guide\nWhen are you looking to buy?: 0-3 months\nPreferred neighbourhoods: Downtown, Riverside',
      externalId: 'facebook:444444444444',
    });
  });

  it('a full name alone, no phone, no address; the default source names the form', () => {
    const input = intakeOfLeadAnswers(
      [
        { name: 'full_name', values: ['Ed Example'] },
        { name: 'email', values: ['ed@example.com'] },
      ],
      defaultFormSource('Open house'),
      '1',
      'Open house',
    );
    expect(input).toMatchObject({ source: 'Facebook: Open house', person: { fullName: 'Ed Example', emails: ['ed@example.com'], phones: [] } });
    expect(input).not.toHaveProperty('property');
  });
});
