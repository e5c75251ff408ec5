import { SaveButton, Toolbar } from 'react-admin';

/**
 * A form's toolbar whose Save is always enabled, so that pressing it on an untouched form shows every §5 message
 * at once (react-admin disables it until something changes).
 */
export function FormToolbar() {
  return (
    <Toolbar>
      <SaveButton alwaysEnable />
    </Toolbar>
  );
}
