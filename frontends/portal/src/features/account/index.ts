export { ChangeRole } from './components/ChangeRole';
export { HelpPage } from './components/HelpPage';
export { ProfilePage } from './components/ProfilePage';
