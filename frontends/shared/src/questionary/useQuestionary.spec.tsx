import { screen } from '@testing-library/react';
import { renderWithProviders, mockGraphql } from './test-helpers';
import { useQuestionary } from './useQuestionary';

function Probe({ id }: { id: number }) {
  const { questionary, error, loading } = useQuestionary(id);
  if (loading) return <p>loading</p>;
  if (error) return <p role="alert">{error}</p>;
  return <p>{questionary?.steps.map((s) => `${s.topic.title}:${s.fields.length}`).join(',')}</p>;
}

describe('useQuestionary', () => {
  it('loads the steps of a questionary', async () => {
    mockGraphql(() => ({
      data: {
        getQuestionary: {
          questionaryId: 4,
          templateId: 2,
          isCompleted: false,
          steps: [
            {
              topic: { id: 1, title: 'General', sortOrder: 0, isEnabled: true },
              isCompleted: false,
              fields: [
                {
                  question: { id: 'aim', naturalKey: 'aim', question: 'Aim', dataType: 'TEXT_INPUT' },
                  config: { required: true },
                  dependencies: [],
                  dependenciesOperator: 'AND',
                  topicId: 1,
                  sortOrder: 0,
                  value: null,
                },
              ],
            },
          ],
        },
      },
    }));
    renderWithProviders(<Probe id={4} />);
    expect(await screen.findByText('General:1')).toBeTruthy();
  });

  it('says "Failed to load questionary details" when the load fails', async () => {
    mockGraphql(() => ({
      errors: [{ message: 'Questionary not found', extensions: { code: 'NOT_FOUND' } }],
    }));
    renderWithProviders(<Probe id={4} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load questionary details');
  });
});
