import { isBlankRichText, sanitizeRichText } from './sanitize-rich-text';

describe('sanitizeRichText', () => {
  it("keeps the editor's markup, alignment and colour", () => {
    const html =
      '<h2>Summary</h2><p style="text-align: center; position: fixed">A <b>bold</b> <em>claim</em></p>' +
      '<ul><li>one</li></ul><table><tbody><tr><td colspan="2">x</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Summary</h2><p style="text-align:center">A <b>bold</b> <em>claim</em></p>' +
        '<ul><li>one</li></ul><table><tbody><tr><td colspan="2">x</td></tr></tbody></table>',
    );
  });

  it('drops scripts, handlers, images, frames and unsafe links', () => {
    expect(
      sanitizeRichText(
        '<p onclick="x()">Hi</p><script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://e.org"></iframe>' +
          '<a href="javascript:alert(1)">bad</a> <a href="https://e.org" target="_blank">ok</a>',
      ),
    ).toBe('<p>Hi</p><a>bad</a> <a href="https://e.org" target="_blank" rel="noopener noreferrer">ok</a>');
  });

  it('leaves plain text as it is, escaping markup characters', () => {
    expect(sanitizeRichText('Time: 3 < 4 & 5 > 2')).toBe('Time: 3 &lt; 4 &amp; 5 &gt; 2');
  });

  it('tells markup that shows no text', () => {
    for (const blank of ['', '  ', '<p></p>', '<p>&nbsp;<br></p>', sanitizeRichText('<script>x</script>')]) {
      expect(isBlankRichText(blank)).toBe(true);
    }
    expect(isBlankRichText('<p>x</p>')).toBe(false);
  });
});
