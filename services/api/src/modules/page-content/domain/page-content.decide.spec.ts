import { PageName, pageContentMax } from '@user-office/contracts';
import { AppError } from '../../../platform/errors/app-error';
import { pageContentDecider } from './page-content.decide';

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(pageContentDecider.evolve, pageContentDecider.initialState);

const set = (content: string) => ({ type: 'SetPageContent', pageId: PageName.HELPPAGE, content }) as const;

describe('page content decider', () => {
  it('records the sanitised content of a page that was never set', () => {
    expect(pageContentDecider.decide(set('<h1>Help</h1><script>steal()</script>'), given([]))).toEqual([
      { type: 'PageContentSet', data: { pageId: 'HELPPAGE', content: '<h1>Help</h1>' } },
    ]);
  });

  it('replaces the content set before', () => {
    const state = given([{ type: 'PageContentSet', data: { pageId: 'HELPPAGE', content: '<p>old</p>' } }]);
    expect(pageContentDecider.decide(set('<p>new</p>'), state)).toEqual([
      { type: 'PageContentSet', data: { pageId: 'HELPPAGE', content: '<p>new</p>' } },
    ]);
  });

  it('decides nothing when the sanitised content does not change', () => {
    const state = given([{ type: 'PageContentSet', data: { pageId: 'HELPPAGE', content: '<p>same</p>' } }]);
    expect(pageContentDecider.decide(set('<p onclick="x()">same</p>'), state)).toEqual([]);
    expect(pageContentDecider.decide(set(''), given([]))).toEqual([]);
  });

  it('clears a page with empty content', () => {
    const state = given([{ type: 'PageContentSet', data: { pageId: 'HELPPAGE', content: '<p>x</p>' } }]);
    expect(pageContentDecider.decide(set(''), state)).toEqual([
      { type: 'PageContentSet', data: { pageId: 'HELPPAGE', content: '' } },
    ]);
  });

  it('refuses content that is too long once sanitised (escaping makes it longer)', () => {
    const content = '<'.repeat(pageContentMax / 2);
    expect(() => pageContentDecider.decide(set(content), given([]))).toThrow(
      expect.objectContaining<Partial<AppError>>({ code: 'BAD_USER_INPUT', message: 'Content is too long' }),
    );
  });
});
