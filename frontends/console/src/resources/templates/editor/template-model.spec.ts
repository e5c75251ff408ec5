import { unresolvedOf, toConflictResolutions } from '../components/import-resolutions';
import { dropTarget, topicDropId, type TemplateDetail } from './template-model';

const field = (id: string) => ({ question: { id } });
const template = {
  steps: [
    { topic: { id: 1 }, fields: [field('a'), field('b'), field('c')] },
    { topic: { id: 2 }, fields: [field('x')] },
  ],
} as unknown as TemplateDetail;

describe('where a dragged question lands', () => {
  it('takes the place of the question it is dropped on, within and across topics', () => {
    expect(dropTarget(template, 'a', 'c')).toEqual({ topicId: 1, sortOrder: 2 });
    expect(dropTarget(template, 'c', 'a')).toEqual({ topicId: 1, sortOrder: 0 });
    expect(dropTarget(template, 'b', 'x')).toEqual({ topicId: 2, sortOrder: 0 });
  });

  it('goes to the end of a topic dropped on', () => {
    expect(dropTarget(template, 'a', topicDropId(2))).toEqual({ topicId: 2, sortOrder: 1 });
    expect(dropTarget(template, 'a', topicDropId(1))).toEqual({ topicId: 1, sortOrder: 2 });
  });
});

describe('the import conflict choices', () => {
  it('refuses while any stays UNRESOLVED', () => {
    const choices = [
      { questionId: 'q1', status: 'SAME', strategy: 'USE_EXISTING' },
      { questionId: 'q2', status: 'DIFFERENT', strategy: 'UNRESOLVED' },
    ] as const;
    expect(unresolvedOf([...choices])).toEqual(['q2']);
    expect(toConflictResolutions([{ ...choices[1], strategy: 'USE_NEW' }])).toEqual([
      { itemId: 'q2', strategy: 'USE_NEW' },
    ]);
  });
});
