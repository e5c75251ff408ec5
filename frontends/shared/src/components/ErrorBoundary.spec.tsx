import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from './ErrorBoundary';

function Boom(): never {
  throw new Error('boom');
}

describe('a render crash', () => {
  it('clears the stored session and offers the way back', () => {
    localStorage.setItem('token', 'x');
    localStorage.setItem('currentRole', 'USER');
    global.fetch = jest.fn(() => Promise.resolve({ ok: true } as Response)) as typeof fetch;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong!');
    expect(localStorage.getItem('token')).toBeNull();
    expect(global.fetch).toHaveBeenCalledWith('/graphql', expect.objectContaining({ method: 'POST' }));
  });
});
