import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clampStep, initialStepIndex, Wizard } from './Wizard';
import { renderWithProviders } from './test-helpers';
import type { WizardStepContext, WizardStepDefinition } from './types';

function Probe({ title, ctx }: { title: string; ctx: WizardStepContext }) {
  return (
    <div>
      <p data-testid="current">{title}</p>
      <p data-testid="readonly">{String(ctx.readonly)}</p>
      <button onClick={() => ctx.setDirty(true)}>Make dirty</button>
      <button onClick={ctx.goNext}>Go next</button>
    </div>
  );
}

function steps(completed: boolean[], review = false): WizardStepDefinition[] {
  return completed.map((isCompleted, i) => ({
    key: `s${i}`,
    title: `Step ${i}`,
    isCompleted,
    isReview: review && i === completed.length - 1 ? true : false,
    render: (ctx) => <Probe title={`Step ${i}`} ctx={ctx} />,
  }));
}

const current = () => screen.getByTestId('current').textContent;
const readonly = () => screen.getByTestId('readonly').textContent;

describe('Wizard', () => {
  it('opens the step after the last completed one', () => {
    renderWithProviders(<Wizard steps={steps([true, true, false, false])} />);
    expect(current()).toBe('Step 2');
    expect(readonly()).toBe('false');
    expect(initialStepIndex([{ isCompleted: true }, { isCompleted: true }])).toBe(1);
    expect(initialStepIndex([{ isCompleted: false }, { isCompleted: true }])).toBe(1);
    expect(initialStepIndex([])).toBe(0);
  });

  it('clamps the step index', () => {
    expect(clampStep(99, 3)).toBe(2);
    expect(clampStep(-4, 3)).toBe(0);
    expect(clampStep(Number.NaN, 3)).toBe(0);
    const { unmount } = renderWithProviders(<Wizard steps={steps([false, false, false])} initialStep={99} />);
    expect(current()).toBe('Step 2');
    unmount();
    renderWithProviders(<Wizard steps={steps([false, false, false])} initialStep={-3} />);
    expect(current()).toBe('Step 0');
  });

  it('makes a step read-only when the previous one is incomplete, except for officers', () => {
    const { unmount } = renderWithProviders(<Wizard steps={steps([true, false, false])} initialStep={2} />);
    expect(current()).toBe('Step 2');
    expect(readonly()).toBe('true');
    unmount();
    renderWithProviders(<Wizard steps={steps([true, false, false])} initialStep={2} canJumpAnywhere />);
    expect(readonly()).toBe('false');
  });

  it('keeps the review step read-only until every step before it is complete', () => {
    const { unmount } = renderWithProviders(
      <Wizard steps={steps([false, true, false], true)} initialStep={2} />,
    );
    expect(readonly()).toBe('true');
    unmount();
    renderWithProviders(<Wizard steps={steps([true, true, false], true)} initialStep={2} />);
    expect(readonly()).toBe('false');
  });

  it('makes every step read-only when the item is', () => {
    renderWithProviders(<Wizard steps={steps([false, false])} readonly canJumpAnywhere />);
    expect(readonly()).toBe('true');
  });

  it('lets officers jump to any step, others only to reachable ones', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Wizard steps={steps([true, false, false])} />);
    expect((screen.getByRole('tab', { name: /Step 2/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('tab', { name: /Step 1/ }) as HTMLButtonElement).disabled).toBe(false);
    unmount();
    renderWithProviders(<Wizard steps={steps([false, false, false])} canJumpAnywhere />);
    await user.click(screen.getByRole('tab', { name: /Step 2/ }));
    expect(current()).toBe('Step 2');
  });

  it('asks before leaving a step with unsaved changes, then reloads', async () => {
    const user = userEvent.setup();
    const reload = jest.fn(async () => undefined);
    renderWithProviders(<Wizard steps={steps([true, true, false])} reload={reload} />);
    expect(current()).toBe('Step 2');
    await user.click(screen.getByRole('button', { name: 'Make dirty' }));
    await user.click(screen.getByRole('tab', { name: /Step 0/ }));
    expect(
      screen.getByText('Changes you recently made in this step will not be saved! Are you sure?'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(current()).toBe('Step 2');
    expect(reload).not.toHaveBeenCalled();

    await user.click(screen.getByRole('tab', { name: /Step 0/ }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(current()).toBe('Step 0'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reload).toHaveBeenCalledTimes(1);

    // clean: no question asked
    await user.click(screen.getByRole('tab', { name: /Step 1/ }));
    expect(current()).toBe('Step 1');
  });

  it('prompts the browser before unloading with unsaved changes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Wizard steps={steps([false, false])} />);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Make dirty' }));
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('asks before an in-app link leaves the page with unsaved changes', async () => {
    const user = userEvent.setup();
    const followed = jest.fn((event: MouseEvent) => event.preventDefault());
    renderWithProviders(
      <>
        <a href="/elsewhere" onClick={(e) => followed(e.nativeEvent)}>
          Elsewhere
        </a>
        <Wizard steps={steps([false, false])} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Make dirty' }));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(
      screen.getByText('Changes you recently made in this tab will be lost! Are you sure?'),
    ).toBeTruthy();
    expect(followed).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(followed).toHaveBeenCalledTimes(1));
  });

  it('calls onFinish on going next from the last step', async () => {
    const user = userEvent.setup();
    const onFinish = jest.fn();
    renderWithProviders(<Wizard steps={steps([true, false])} onFinish={onFinish} />);
    expect(current()).toBe('Step 1');
    await user.click(screen.getByRole('button', { name: 'Go next' }));
    expect(onFinish).toHaveBeenCalled();
  });
});
