import { sanitizePageContent } from './sanitize-page-content';

describe('sanitizePageContent', () => {
  it('strips scripts, event handlers, javascript: URLs and styles other than alignment and colour', () => {
    expect(
      sanitizePageContent(
        '<img src=x onerror=alert(1)><script>bad()</script><p style="color:red;position:fixed">ok</p>' +
          '<a href="javascript:alert(1)">x</a>',
      ),
    ).toBe('<img src="x" /><p style="color:red">ok</p><a>x</a>');
  });

  it('keeps the usual rich-text markup', () => {
    const html =
      '<h2>Title</h2><p><b>b</b><i>i</i><strong>s</strong><em>e</em><u>u</u><s>x</s></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>' +
      '<div style="text-align:center"><span style="color:#1f5f8b">blue</span></div>';
    expect(sanitizePageContent(html)).toBe(html);
  });

  it('keeps http(s), mailto and relative links, protecting new windows', () => {
    expect(sanitizePageContent('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizePageContent('<a href="mailto:uo@example.org">m</a><a href="/help">h</a>')).toBe(
      '<a href="mailto:uo@example.org">m</a><a href="/help">h</a>',
    );
  });

  it('drops disguised javascript: URLs, protocol-relative links and unknown targets', () => {
    expect(
      sanitizePageContent(
        '<A HREF="JaVaScRiPt:alert(1)">a</A><a href="java&#x09;script:alert(1)">b</a>' +
          '<a href="//evil.example">c</a><a href="/x" target="javascript:x">d</a>',
      ),
    ).toBe('<a>a</a><a>b</a><a>c</a><a href="/x">d</a>');
  });

  it('keeps http(s) and raster data images with their size and alt text; drops other sources', () => {
    expect(
      sanitizePageContent(
        '<img src="https://example.org/a.png" alt="a" width="10" height="20" onload="x()">' +
          '<img src="data:image/png;base64,iVBORw0KGgo=">',
      ),
    ).toBe(
      '<img src="https://example.org/a.png" alt="a" width="10" height="20" />' +
        '<img src="data:image/png;base64,iVBORw0KGgo=" />',
    );
    expect(
      sanitizePageContent(
        '<img src="data:image/svg+xml;base64,PHN2Zz4="><img src="data:text/html;base64,PGI+">' +
          '<img src="javascript:alert(1)">',
      ),
    ).toBe('<img /><img /><img />');
  });

  it('drops frames, style sheets, forms and SVG with their content', () => {
    expect(
      sanitizePageContent(
        '<style>body{display:none}</style><iframe src="https://x"></iframe><form><input></form>' +
          '<svg onload="alert(1)"><circle/></svg>kept',
      ),
    ).toBe('kept');
  });

  it('escapes text', () => {
    expect(sanitizePageContent('1 < 2 & 3')).toBe('1 &lt; 2 &amp; 3');
  });
});
