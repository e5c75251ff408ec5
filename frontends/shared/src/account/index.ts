/** The account menu's actions and the Roles page, the same in both apps. */
export { ChangeRole } from './ChangeRole';
export { goHome, useAccountMenu, type AccountMenu } from './use-account';
