import { describe, expect, it } from 'vitest';
import { newTextOf, trimQuotedHistory } from './quoted-history';

const REPLY_TO = 'reply+6f1c2a3b4d5e4f608a7b9c0d1e2f3a4b0123456789abcdef01234567@reply.porchlight.test';

// The plain-text parts of real replies, as each program writes them (CRLF as sent).
const crlf = (s: string) => s.replace(/\n/g, '\r\n');

describe('trimming quoted history from replies', () => {
  it('Gmail: the attribution line and the quoted text go', () => {
    const gmail = crlf(`Yes Saturday works for me!

Nora

On Mon, Nov 23, 2026 at 9:14 AM Jane Agent <${REPLY_TO}> wrote:

> Hi Nora,
>
> Would Saturday at 10 work for a tour of 12 Elm St?
>
> Jane
`);
    expect(trimQuotedHistory(gmail)).toBe('Yes Saturday works for me!\n\nNora');
  });

  it('Gmail: an attribution wrapped over two lines (a long name and address)', () => {
    const gmail = `Sounds great, thank you.

On Mon, Nov 23, 2026 at 9:14 AM Jane Agent via Demo Realty <
${REPLY_TO}> wrote:

> Hi Nora,
`;
    expect(trimQuotedHistory(gmail)).toBe('Sounds great, thank you.');
  });

  it('Gmail in German and French', () => {
    expect(trimQuotedHistory(`Passt!\n\nAm Mo., 23. Nov. 2026 um 09:14 Uhr schrieb Jane Agent <${REPLY_TO}>:\n\n> Hallo`)).toBe('Passt!');
    expect(trimQuotedHistory(`Parfait.\n\nLe lun. 23 nov. 2026 à 09:14, Jane Agent <${REPLY_TO}> a écrit :\n\n> Bonjour`)).toBe('Parfait.');
  });

  it('Outlook (desktop): "-----Original Message-----" and the headers under it', () => {
    const outlook = crlf(`Thanks Jane, Saturday is fine.

Nora Nguyen

-----Original Message-----
From: Jane Agent <${REPLY_TO}>
Sent: Monday, November 23, 2026 9:14 AM
To: Nora Nguyen <nora@example.com>
Subject: Tour of 12 Elm St

Hi Nora,

Would Saturday at 10 work?
`);
    expect(trimQuotedHistory(outlook)).toBe('Thanks Jane, Saturday is fine.\n\nNora Nguyen');
  });

  it('Outlook (new Outlook, Outlook.com, Outlook for iOS): a rule, then From/Sent/To/Subject; the app line goes too', () => {
    const outlook = crlf(`Saturday works.

Get Outlook for iOS<https://aka.ms/o0ukef>
________________________________
From: Jane Agent <${REPLY_TO}>
Sent: Monday, November 23, 2026 9:14:00 AM
To: nora@example.com <nora@example.com>
Subject: Tour of 12 Elm St

Hi Nora,
`);
    expect(trimQuotedHistory(outlook)).toBe('Saturday works.');
    const noRule = `Sounds good\n\nFrom: Jane Agent <${REPLY_TO}>\nDate: Monday, November 23, 2026 at 9:14 AM\nTo: Nora <nora@example.com>\nSubject: Tour\n\nHi Nora,`;
    expect(trimQuotedHistory(noRule)).toBe('Sounds good');
  });

  it('Apple Mail on the iPhone: "Sent from my iPhone", then the quoted attribution', () => {
    const iphone = `Perfect, see you then.

Sent from my iPhone

> On Nov 23, 2026, at 9:14 AM, Jane Agent <${REPLY_TO}> wrote:
> 
> Hi Nora,
> Would Saturday at 10 work?
`;
    expect(trimQuotedHistory(iphone)).toBe('Perfect, see you then.');
  });

  it('Apple Mail on the Mac: the attribution is quoted too', () => {
    const mac = `Saturday it is.\n\nNora\n\n> On 23 Nov 2026, at 09:14, Jane Agent <${REPLY_TO}> wrote:\n> \n> Hi Nora,\n`;
    expect(trimQuotedHistory(mac)).toBe('Saturday it is.\n\nNora');
  });

  it('a signature after "-- " goes (and after "--" from programs that drop the space)', () => {
    expect(trimQuotedHistory('See you Saturday.\n\n-- \nNora Nguyen\nSenior Analyst, Example Corp\n(206) 555-0199')).toBe('See you Saturday.');
    expect(trimQuotedHistory('See you Saturday.\n--\nNora')).toBe('See you Saturday.');
  });

  it('answers written between quoted lines keep their words; the quotes go', () => {
    const inline = `> Would Saturday at 10 work?\nYes, 10 is fine.\n> Do you have pre-approval?\nNot yet, next week.`;
    expect(trimQuotedHistory(inline)).toBe('Yes, 10 is fine.\nNot yet, next week.');
  });

  it('keeps text that merely looks a bit like history, and never answers nothing for a reply that is all quote', () => {
    expect(trimQuotedHistory('On Saturday I can do 10 or 11.\nWhich is better?')).toBe('On Saturday I can do 10 or 11.\nWhich is better?');
    expect(trimQuotedHistory('From: what I saw online, the roof is new.')).toBe('From: what I saw online, the roof is new.');
    expect(trimQuotedHistory('> only a quote\n> nothing new')).toBe('> only a quote\n> nothing new');
  });

  it("takes Mailgun's stripped-text when it has one, else trims the plain body", () => {
    expect(newTextOf({ strippedText: '  Yes Saturday works  ', bodyPlain: 'Yes Saturday works\n\nOn Mon, Jane <a@b.c> wrote:\n> x' })).toBe(
      'Yes Saturday works',
    );
    expect(newTextOf({ strippedText: '', bodyPlain: 'Yes\n\nOn Mon, Nov 23, 2026 at 9:14 AM Jane <a@b.c> wrote:\n> x' })).toBe('Yes');
    expect(newTextOf({ strippedText: null, bodyPlain: null })).toBe('');
  });
});
