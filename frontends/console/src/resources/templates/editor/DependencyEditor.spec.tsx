import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataType, DependenciesLogicOperator, questionTypeMessages } from '@user-office/contracts';
import { i18n } from '@user-office/frontend-shared/i18n';
import { I18nextProvider } from 'react-i18next';
import '../translations';
import { DependencyEditor } from './DependencyEditor';
import {
  dependencyCandidates,
  dependencyErrors,
  operatorFor,
  toDependencyInput,
  valueOptionsOf,
  type PlacedQuestion,
} from './dependencies';

const q = (
  questionId: string,
  dataType: DataType,
  dependsOn: string[] = [],
  config: Record<string, unknown> = {},
): PlacedQuestion => ({
  questionId,
  naturalKey: questionId,
  question: `Question ${questionId}`,
  dataType,
  config,
  dependencies: dependsOn.map((on) => ({
    dependencyId: on,
    dependencyNaturalKey: on,
    condition: { condition: 'eq', params: true },
  })),
});

// a ← b (b depends on a), c ← b; d is a number (cannot be depended on); e a selection
const placed = [
  q('a', DataType.BOOLEAN),
  q('b', DataType.BOOLEAN, ['a']),
  q('c', DataType.BOOLEAN, ['b']),
  q('d', DataType.NUMBER_INPUT),
  q('e', DataType.SELECTION_FROM_OPTIONS, [], { options: ['x', 'y'] }),
];

describe('the dependency picker (§4)', () => {
  it('offers only boolean, selection, instrument and technique pickers, never itself nor a question depending on it', () => {
    expect(dependencyCandidates('a', placed).map((p) => p.questionId)).toEqual(['e']);
    expect(dependencyCandidates('c', placed).map((p) => p.questionId)).toEqual(['a', 'b', 'e']);
    expect(dependencyCandidates('d', placed).map((p) => p.questionId)).toEqual(['a', 'b', 'c', 'e']);
  });

  it('refuses self and cycles with the contracts messages', () => {
    expect(dependencyErrors('a', [{ dependencyId: 'a', condition: 'eq', params: true }], placed)).toEqual([
      questionTypeMessages.selfDependency,
    ]);
    expect(dependencyErrors('a', [{ dependencyId: 'c', condition: 'eq', params: true }], placed)).toEqual([
      questionTypeMessages.circularDependency,
    ]);
    expect(dependencyErrors('a', [{ dependencyId: 'd', condition: 'eq', params: 1 }], placed)).toEqual([
      questionTypeMessages.cannotBeDependedOn(DataType.NUMBER_INPUT),
    ]);
    expect(dependencyErrors('d', [{ dependencyId: 'e', condition: 'neq', params: 'x' }], placed)).toEqual([]);
  });

  it("takes the value from the question's options; AND by default and again when one remains", () => {
    expect(valueOptionsOf(placed[0]).map((o) => o.value)).toEqual([true, false]);
    expect(valueOptionsOf(placed[4]).map((o) => o.value)).toEqual(['x', 'y']);
    expect(operatorFor([1], DependenciesLogicOperator.OR)).toBe(DependenciesLogicOperator.AND);
    expect(operatorFor([1, 2], DependenciesLogicOperator.OR)).toBe(DependenciesLogicOperator.OR);
    expect(toDependencyInput([{ dependencyId: 'e', condition: 'eq', params: 'x' }], placed)).toEqual([
      { dependencyId: 'e', dependencyNaturalKey: 'e', condition: { condition: 'eq', params: '"x"' } },
    ]);
  });

  it('lists only the allowed questions, and resets OR to AND when a dependency is removed', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <DependencyEditor
          questionId="a"
          placed={placed}
          rows={[
            { dependencyId: 'e', condition: 'eq', params: 'x' },
            { dependencyId: 'e', condition: 'neq', params: 'y' },
          ]}
          operator="OR"
          onChange={onChange}
        />
      </I18nextProvider>,
    );
    await user.click(screen.getAllByRole('combobox', { name: 'Depends on' })[0]);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Question e (e)']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Remove dependency 2' }));
    expect(onChange).toHaveBeenLastCalledWith(
      [{ dependencyId: 'e', condition: 'eq', params: 'x' }],
      DependenciesLogicOperator.AND,
    );
  });
});
