import { describe, expect, it } from 'vitest';
import * as made from './plain-text-html';

// The markup as it goes into the e-mail.
const inlineHtml = (text: string) => made.inlineHtml(text).text;
const plainTextToHtml = (text: string) => made.plainTextToHtml(text).text;

const P = '<p style="margin:0 0 12px">';

describe('the HTML part made from plain text', () => {
  it('escapes everything the agent typed: HTML arrives as text', () => {
    expect(inlineHtml(`<b>bold</b> & "quotes" 'too' <script>alert(1)</script>`)).toBe(
      '&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot; &#39;too&#39; &lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(plainTextToHtml('<img src=x onerror=alert(1)>')).toBe(`${P}&lt;img src=x onerror=alert(1)&gt;</p>`);
  });

  it('paragraphs at blank lines, line breaks kept within one', () => {
    expect(plainTextToHtml('Hi Nora,\r\n\r\nThe house is\nlovely.\n  \nJane')).toBe(`${P}Hi Nora,</p>\n${P}The house is<br>\nlovely.</p>\n${P}Jane</p>`);
  });

  it('bullet lines become a list, numbered lines a numbered list, text around them paragraphs', () => {
    const html = plainTextToHtml('Three homes:\n- 12 Elm St\n* 3 Oak Ave\n• 9 Pine Rd\nCall me.\n\n1. Pre-approval\n2) Tour');
    expect(html).toBe(
      [
        `${P}Three homes:</p>`,
        '<ul style="margin:0 0 12px;padding-left:24px"><li>12 Elm St</li><li>3 Oak Ave</li><li>9 Pine Rd</li></ul>',
        `${P}Call me.</p>`,
        '<ol style="margin:0 0 12px;padding-left:24px"><li>Pre-approval</li><li>Tour</li></ol>',
      ].join('\n'),
    );
    // A dash without a space is not a bullet; a hyphenated line stays text.
    expect(plainTextToHtml('-5% off\nwell-kept')).toBe(`${P}-5% off<br>\nwell-kept</p>`);
  });

  it('links web and e-mail addresses, without the sentence punctuation after them', () => {
    expect(inlineHtml('See https://demo.test/listing/A1?x=1&y=2.')).toBe(
      'See <a href="https://demo.test/listing/A1?x=1&amp;y=2">https://demo.test/listing/A1?x=1&amp;y=2</a>.',
    );
    expect(inlineHtml('(www.example.com/homes)')).toBe('(<a href="https://www.example.com/homes">www.example.com/homes</a>)');
    expect(inlineHtml('Wiki: https://en.wikipedia.org/wiki/Foo_(bar), ok')).toBe(
      'Wiki: <a href="https://en.wikipedia.org/wiki/Foo_(bar)">https://en.wikipedia.org/wiki/Foo_(bar)</a>, ok',
    );
    expect(inlineHtml('Write to agent@demo.test!')).toBe('Write to <a href="mailto:agent@demo.test">agent@demo.test</a>!');
  });

  it('never links other schemes, and a quote cannot break out of the href', () => {
    expect(inlineHtml('javascript:alert(1) data:text/html,x vbscript:y')).toBe('javascript:alert(1) data:text/html,x vbscript:y');
    expect(inlineHtml('https://x.test/"onmouseover="alert(1)')).toBe('<a href="https://x.test/">https://x.test/</a>&quot;onmouseover=&quot;alert(1)');
    expect(inlineHtml("https://x.test/a'b")).toBe('<a href="https://x.test/a&#39;b">https://x.test/a&#39;b</a>');
  });
});
