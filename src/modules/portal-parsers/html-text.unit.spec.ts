import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText, jsonLdBlocks, metaTags, textLines } from './html-text';

describe('the e-mail HTML reader', () => {
  it('decodes named and numeric references and drops the zero-width characters portals hide in brand names', () => {
    expect(decodeEntities('&quot;I&#x27;m in&quot; &amp; &#8220;ok&#8221; &reg; &unknown;')).toBe('"I\'m in" & “ok” ® &unknown;');
    expect(textLines(htmlToText('realtor.&#8203;com&reg; pro app'))).toEqual(['realtor.com® pro app']);
  });

  it('gives a line per block, cell and break, and leaves out head, style, script and comments', () => {
    const html =
      '<html><head><title>T</title><style>td{color:red}</style></head><body><!-- Name hidden --><table><tr><td>Name</td><td><b>Ana</b> Ruiz</td></tr></table><div>Move in</div><div>Oct 01</div>a<br>b<script>x()</script></body></html>';
    expect(textLines(htmlToText(html))).toEqual(['Name', 'Ana Ruiz', 'Move in', 'Oct 01', 'a', 'b']);
  });

  it('finds meta tags anywhere (some senders put them in the body), in either quote style', () => {
    const m = metaTags(`<body><meta name='lead_name' content='Jo &amp; Al'><meta content="x@example.com" name="LEAD_EMAIL" /></body>`);
    expect(m.get('lead_name')).toBe('Jo & Al');
    expect(m.get('lead_email')).toBe('x@example.com');
  });

  it('parses JSON-LD blocks and leaves out the ones that do not parse', () => {
    expect(jsonLdBlocks('<script type="application/ld+json">{"@type":"Person"}</script><script type="application/ld+json">{bad</script>')).toEqual([
      { '@type': 'Person' },
    ]);
  });

  it('caps a very long line so no pattern runs over it', () => {
    expect(textLines('a'.repeat(5000))[0]).toHaveLength(1000);
  });
});
