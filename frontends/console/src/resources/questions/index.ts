import QuestionAnswer from '@mui/icons-material/QuestionAnswer';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';
import './translations';

const QuestionEdit = lazyPage(() => import('./components/QuestionEdit'), 'QuestionEdit');
const QuestionList = lazyPage(() => import('./components/QuestionList'), 'QuestionList');

/** /console/Questions (§2, officer only; menu group Templates): the question library. */
export const questions: ConsoleResource = {
  name: 'Questions',
  label: 'console.questions.title',
  icon: QuestionAnswer,
  roles: ['USER_OFFICER'],
  group: 'templates',
  list: QuestionList,
  edit: QuestionEdit,
};
