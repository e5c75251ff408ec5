import { useNotify, useRedirect } from 'react-admin';

/** A create or edit form's mutation options: on success, notify `message` and go back to the resource's list. */
export function useSavedThenList(message: string, resource: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(message, { type: 'success' });
      redirect('list', resource);
    },
  };
}
