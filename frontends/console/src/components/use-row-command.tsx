import type { ReactNode } from 'react';
import { useConfirm } from '@user-office/frontend-shared/questionary';
import { useNotify, useRefresh } from 'react-admin';

/**
 * Commands of a list's row (clone, archive, delete, …): `run` notifies `done` on success and the server's message
 * on failure, then refreshes the list; `confirmThenRun` asks first. Render `confirmDialog` in the row.
 */
export function useRowCommand(): {
  run(action: () => Promise<unknown>, done: string): Promise<void>;
  confirmThenRun(question: ReactNode, action: () => Promise<unknown>, done: string): Promise<void>;
  confirmDialog: ReactNode;
} {
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirm, confirmDialog] = useConfirm();
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify(done, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    refresh();
  };
  const confirmThenRun = async (question: ReactNode, action: () => Promise<unknown>, done: string) => {
    if (await confirm(question)) await run(action, done);
  };
  return { run, confirmThenRun, confirmDialog };
}
