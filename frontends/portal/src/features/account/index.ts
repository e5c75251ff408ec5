export { ChangeRole } from '@user-office/frontend-shared/account';
export { HelpPage } from './components/HelpPage';
export { ProfilePage } from './components/ProfilePage';
