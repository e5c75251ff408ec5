import Article from '@mui/icons-material/Article';
import type { ConsoleResource } from '../../app/registry';
import { PageEditorPage } from './components/PageEditorPage';

/** Page editor (`/console/PageEditor`, officer): the content of every page name of §3. */
export const pageEditor: ConsoleResource = {
  name: 'PageEditor',
  label: 'console.pageEditor.title',
  icon: Article,
  roles: ['USER_OFFICER'],
  list: PageEditorPage,
};
