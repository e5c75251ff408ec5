import Article from '@mui/icons-material/Article';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const PageEditorPage = lazyPage(() => import('./components/PageEditorPage'), 'PageEditorPage');

/** Page editor (`/console/PageEditor`, officer): the content of every page name of §3. */
export const pageEditor: ConsoleResource = {
  name: 'PageEditor',
  label: 'console.pageEditor.title',
  icon: Article,
  roles: ['USER_OFFICER'],
  list: PageEditorPage,
};
